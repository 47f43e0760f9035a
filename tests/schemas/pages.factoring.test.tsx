import { describePages } from './pagesSuite';

describePages(import.meta.filename);
