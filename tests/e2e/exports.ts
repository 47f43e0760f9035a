import { expect, type Locator, type Page } from '@playwright/test';
import ExcelJS from 'exceljs';
import type { ExportJob } from '@renderer/core/model';

/**
 * Clicks a list's export button (`button` inside `scope`), expects the file at once (not a download-centre
 * job) and answers its first sheet, read with exceljs.
 */
export async function exportNow(page: Page, button: Locator): Promise<ExcelJS.Worksheet> {
  const [response] = await Promise.all([
    page.waitForResponse((r) => r.url().endsWith('/exports') && r.request().method() === 'POST'),
    button.click(),
  ]);
  const job = (await response.json()).data as ExportJob;
  expect(job.status).toBe('done');
  const file = await page.request.get(`/api/web${job.url}`);
  expect(file.headers()['content-type']).toContain('spreadsheetml');
  const workbook = new ExcelJS.Workbook();
  await workbook.xlsx.load((await file.body()) as unknown as ArrayBuffer);
  return workbook.worksheets[0]!;
}

/**
 * Every cell of the rows shown in `list` equals its cell in `sheet` (row 1 the headers); `fields` in the
 * sheet's column order, the money field's column at `moneyColumn` (1-based: numbers shown #,##0.00).
 */
export async function expectSheetMatchesRows(
  list: Locator,
  sheet: ExcelJS.Worksheet,
  fields: string[],
  moneyColumn: number,
): Promise<void> {
  const count = await list.locator('tr[data-testid^="row-"]').count();
  expect(count).toBeGreaterThan(0);
  for (let i = 0; i < count; i++) {
    const shown = await Promise.all(
      fields.map((f) => list.getByTestId(`row-${i}`).getByTestId(`cell-${f}`).innerText()),
    );
    const cells = sheet.getRow(i + 2);
    const written = fields.map((_, c) => {
      const cell = cells.getCell(c + 1);
      return typeof cell.value === 'number'
        ? cell.value.toLocaleString('en-US', { minimumFractionDigits: 2, maximumFractionDigits: 2 })
        : String(cell.value ?? '');
    });
    expect(cells.getCell(moneyColumn).numFmt).toBe('#,##0.00');
    expect(written).toEqual(shown.map((t) => t.trim()));
  }
}
