import { createForm } from '@formily/core';
import type { Field } from '@formily/core';
import { Schema } from '@formily/json-schema';
import type { ISchema } from '@formily/json-schema';
import { afterAll, beforeAll, describe, expect, it, vi } from 'vitest';
import {
  clearExpressionCache,
  createFormilyCompiler,
  createFunctionRegistry,
  defaultFunctions,
  ExpressionError,
} from '@renderer/core/expression';
import type { ExpressionErrorCode } from '@renderer/core/expression';

/**
 * Counts every use of the global `Function` constructor and of `eval` — what a CSP without
 * 'unsafe-eval' would block. Formily's default compiler goes through `new Function`, so the
 * control test below proves the spy sees it.
 */
const OriginalFunction = globalThis.Function;
const originalEval = globalThis.eval;
const codeGeneration: string[] = [];

function installSpies(): void {
  const spy: FunctionConstructor = new Proxy(OriginalFunction, {
    construct(target, args: unknown[], newTarget) {
      codeGeneration.push(`new Function(${args.map(String).join(', ')})`);
      return Reflect.construct(target, args, newTarget === spy ? target : newTarget) as object;
    },
    apply(target, thisArg, args: unknown[]) {
      codeGeneration.push(`Function(${args.map(String).join(', ')})`);
      return Reflect.apply(target, thisArg, args) as unknown;
    },
  });
  globalThis.Function = spy;
  globalThis.eval = (source: string): unknown => {
    codeGeneration.push(`eval(${source})`);
    return originalEval(source);
  };
}

function uninstallSpies(): void {
  globalThis.Function = OriginalFunction;
  globalThis.eval = originalEval;
}

function codeOf(run: () => unknown): ExpressionErrorCode | 'NO_ERROR' {
  try {
    run();
  } catch (error) {
    if (error instanceof ExpressionError) return error.code;
    throw error;
  }
  return 'NO_ERROR';
}

/** Builds the fields of a flat object schema the way SchemaField does, without React. */
function mountSchema(json: ISchema): ReturnType<typeof createForm> {
  const form = createForm();
  const schema = new Schema(json);
  schema.mapProperties((child) => {
    form.createField(child.toFieldProps());
  });
  return form;
}

beforeAll(installSpies);
afterAll(uninstallSpies);

describe('createFormilyCompiler', () => {
  it('control: the spy catches Formily default compiler (new Function)', () => {
    codeGeneration.length = 0;
    expect(Schema.compile('{{1 + 1}}')).toBe(2);
    expect(codeGeneration.length).toBeGreaterThan(0);
  });

  describe('registered with Schema.registerCompiler', () => {
    beforeAll(() => {
      Schema.registerCompiler(createFormilyCompiler(defaultFunctions));
      clearExpressionCache();
      codeGeneration.length = 0;
    });

    afterAll(() => {
      expect(codeGeneration).toEqual([]);
    });

    it('compiles schema expressions without code generation', () => {
      expect(Schema.compile('{{1 + 1}}')).toBe(2);
      expect(Schema.compile({ a: '{{ len(x) }}', b: ['{{x}}'] }, { x: 'abc' })).toEqual({ a: 3, b: ['abc'] });
      expect(codeGeneration).toEqual([]);
    });

    it('drives x-reactions with $deps', () => {
      const form = mountSchema({
        type: 'object',
        properties: {
          amount: { type: 'number' },
          remark: {
            type: 'string',
            'x-reactions': {
              dependencies: ['amount'],
              fulfill: { state: { visible: '{{$deps[0] > 100}}' } },
            },
          },
        },
      });
      const remark = form.query('remark').take() as Field;
      expect(remark.visible).toBe(false);
      form.setValuesIn('amount', 150);
      expect(remark.visible).toBe(true);
      form.setValuesIn('amount', 80);
      expect(remark.visible).toBe(false);
      expect(codeGeneration).toEqual([]);
    });

    it('drives x-visible with $values (key absent at first) and reaction targets', () => {
      const form = mountSchema({
        type: 'object',
        properties: {
          amount: { type: 'string' },
          limit: { type: 'string', default: '1000.00' },
          overLimitReason: { type: 'string', 'x-visible': '{{moneyCmp($values.amount, $values.limit) > 0}}' },
          type: {
            type: 'string',
            'x-reactions': {
              target: 'typeNote',
              fulfill: {
                state: { required: "{{$self.value === 'B'}}", title: "{{concat('类型 ', $self.value)}}" },
              },
            },
          },
          typeNote: { type: 'string' },
        },
      });
      const reason = form.query('overLimitReason').take() as Field;
      const note = form.query('typeNote').take() as Field;
      expect(reason.visible).toBe(false);
      form.setValuesIn('amount', '99999999999999.98');
      expect(reason.visible).toBe(true);
      form.setValuesIn('amount', '1000.00');
      expect(reason.visible).toBe(false);

      (form.query('type').take() as Field).setValue('B');
      expect(note.required).toBe(true);
      expect(note.title).toBe('类型 B');
      (form.query('type').take() as Field).setValue('A');
      expect(note.required).toBe(false);
      expect(codeGeneration).toEqual([]);
    });

    it('reports refused expressions as errors instead of running them', () => {
      expect(() =>
        mountSchema({
          type: 'object',
          properties: {
            bad: { type: 'string', 'x-visible': "{{$self.constructor.constructor('return process')()}}" },
          },
        }),
      ).toThrow(ExpressionError);
      expect(codeGeneration).toEqual([]);
    });
  });
});

describe('what the Formily compiler allows', () => {
  const form = createForm({ values: { amount: 120, items: [{ price: '1.10' }] } });
  const field = form.createField({ name: 'amount', title: '金额' });
  const props = vi.fn();
  const effect = vi.fn();
  const scope = {
    $self: field,
    $form: form,
    $values: form.values,
    $deps: [1],
    $props: props,
    $effect: effect,
    $memo: vi.fn(),
    $observable: vi.fn(() => ({ ok: true })),
    $custom: vi.fn((x: unknown) => `custom:${String(x)}`),
    helper: vi.fn(),
  };
  const compile = createFormilyCompiler(defaultFunctions);

  it.each<[string, unknown]>([
    ['$self.value', 120],
    ['$self.title', '金额'],
    ['$self.visible && !$self.disabled', true],
    ['$form.values.amount', 120],
    ['$values.items[0].price', '1.10'],
    ['$form.valid', true],
    ['$observable({ a: 1 }).ok', true],
    ['$custom(1)', 'custom:1'],
  ])('allows %s', (source, expected) => {
    expect(compile(source, scope)).toEqual(expected);
  });

  it('lets $props pass plain values to the host', () => {
    compile("$props({ placeholder: '请输入' })", scope);
    expect(props).toHaveBeenCalledWith({ placeholder: '请输入' });
  });

  it.each<[string, ExpressionErrorCode]>([
    ['$self.setValue(1)', 'E_FORBIDDEN_CALL'],
    ['$self.setComponentProps({})', 'E_FORBIDDEN_CALL'],
    ['$self.setValue', 'E_FORBIDDEN_PROPERTY'],
    ['$self.form', 'E_FORBIDDEN_PROPERTY'],
    ['$self.caches', 'E_FORBIDDEN_PROPERTY'],
    ['$self.constructor', 'E_FORBIDDEN_PROPERTY'],
    ['$form.query', 'E_FORBIDDEN_PROPERTY'],
    ['$form.submit', 'E_FORBIDDEN_PROPERTY'],
    ['$form.fields', 'E_FORBIDDEN_PROPERTY'],
    ['$effect(1)', 'E_UNKNOWN_FUNCTION'],
    ['$memo(1)', 'E_UNKNOWN_FUNCTION'],
    ['helper()', 'E_UNKNOWN_FUNCTION'],
    ['$props', 'E_FUNCTION_VALUE'],
    ['$custom($props)', 'E_FUNCTION_VALUE'],
    ['function(){ return 1 }', 'E_RESERVED_WORD'],
    ['(field) => field.value', 'E_SYNTAX'],
  ])('refuses %s (%s)', (source, code) => {
    expect(codeOf(() => compile(source, scope))).toBe(code);
  });

  it('never hands a function to $effect/$memo', () => {
    expect(effect).not.toHaveBeenCalled();
    expect(scope.helper).not.toHaveBeenCalled();
  });

  it('registered functions win over scope functions of the same name', () => {
    const functions = createFunctionRegistry([{ name: '$custom', fn: () => 'registered' }]);
    expect(createFormilyCompiler(functions)('$custom(1)', scope)).toBe('registered');
  });

  it('can report errors instead of throwing', () => {
    const errors: ExpressionError[] = [];
    const lenient = createFormilyCompiler(defaultFunctions, { onError: (error) => errors.push(error) });
    expect(lenient('$self.setValue(1)', scope)).toBeUndefined();
    expect(errors.map((e) => [e.code, e.source])).toEqual([['E_FORBIDDEN_CALL', '$self.setValue(1)']]);
  });

  it('accepts a stricter call policy', () => {
    const strict = createFormilyCompiler(defaultFunctions, { allowScopeCall: () => false });
    expect(codeOf(() => strict('$props({})', scope))).toBe('E_UNKNOWN_FUNCTION');
  });
});
