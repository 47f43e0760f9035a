import { expect, type Locator, type Page } from '@playwright/test';
import ExcelJS from 'exceljs';
import type { ExportJob } from '@renderer/core/model';
import { schemaPage } from './pageObjects';

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

/**
 * After 前往下载中心: the download centre (a list page schema that reads itself again while a job runs)
 * and its newest job, the first row of the page shown (the list the export started from stays mounted,
 * hidden, when it is kept alive).
 */
export async function newestJob(page: Page) {
  await expect(page).toHaveURL(/\/cv3\/my\/download-center$/);
  const centre = schemaPage(page, '/my/download-center');
  const shown = page.getByTestId('schema-page').filter({ visible: true });
  return { centre, job: centre.rows(shown).first() };
}

/**
 * The newest job shows its progress and, without a reload, ends written with `rows` of `rows` rows and
 * a 下载 button.
 */
export async function expectJobWritten(page: Page, rows: number, timeout: number): Promise<void> {
  const { centre, job } = await newestJob(page);
  await expect(centre.cell(job, '进度').getByRole('progressbar')).toBeVisible();
  await expect(centre.cell(job, '状态')).toHaveText('已完成', { timeout });
  await expect(centre.cell(job, '进度')).toContainText(`${rows}/${rows}`);
  await expect(centre.action('下载', job)).toBeVisible();
}
