import { createContext } from 'react';
import type { FieldScope } from '@renderer/react/testIds';

/** Which test-id prefix the form fields below use (`field-`, `query-`, `filter-`). */
export const FieldScopeContext = createContext<FieldScope>('field');
