import { fileURLToPath } from 'node:url';
import { ESLint } from 'eslint';
import { describe, expect, it } from 'vitest';

/**
 * The project's own lint rules (eslint.config.js) refuse what they are written against and let the
 * allowed form through: each case lints a snippet as if it were the named file.
 */
const eslint = new ESLint({ cwd: fileURLToPath(new URL('../..', import.meta.url)) });

async function messages(code: string, filePath: string): Promise<string[]> {
  const [result] = await eslint.lintText(code, { filePath });
  return result!.messages.map((m) => m.message);
}

describe('lint rules', () => {
  it("refuses antd's static message, notification and Modal methods in screens, not the App's", async () => {
    expect(
      await messages("import { message } from 'antd';\nexport const m = message;\n", 'src/x.tsx'),
    ).toEqual(["antd's static message and notification ignore the portal's theme: use App.useApp()."]);
    expect(
      await messages(
        "import { Modal } from 'antd';\nexport const f = (): void => void Modal.warning({ title: 'x' });\n",
        'renderer/react/x.tsx',
      ),
    ).toEqual(["antd's static Modal methods ignore the portal's theme: use App.useApp().modal."]);
    expect(
      await messages(
        "import { App } from 'antd';\nexport function useF(): () => void {\n  const { modal, message } = App.useApp();\n  return () => {\n    modal.warning({ title: 'x' });\n    void message.success('y');\n  };\n}\n",
        'src/x.tsx',
      ),
    ).toEqual([]);
  }, 60_000);

  it('refuses fixed waits in e2e tests', async () => {
    expect(
      await messages(
        'export async function f(page: { waitForTimeout(ms: number): Promise<void> }): Promise<void> {\n  await page.waitForTimeout(100);\n}\n',
        'tests/e2e/x.spec.ts',
      ),
    ).toEqual(['No fixed waits in e2e: wait for a state (expect, expect.poll, a locator).']);
  }, 60_000);
});
