import { BadRequestException } from '@nestjs/common';
import { parse } from 'csv-parse/sync';
import ExcelJS from 'exceljs';
import { LAB_TEST_MESSAGES, type LabUploadFormat } from '@rayworks/contracts';

/**
 * A bulk upload's file as lines of text cells (the first line its header): CSV with csv-parse (a byte-order mark,
 * quoted fields, CRLF and ragged rows taken), XLSX with exceljs (the first worksheet; each cell as the text Excel
 * shows, so a number typed 4.50 stays '4.5' and a formula's cell gives its result). A file that cannot be read is a
 * 400 naming the format.
 */
export async function readUploadFile(format: LabUploadFormat, bytes: Buffer): Promise<string[][]> {
  try {
    if (format === 'csv') {
      return parse(bytes, { bom: true, relax_column_count: true, skip_empty_lines: false }) as string[][];
    }
    const book = new ExcelJS.Workbook();
    // exceljs declares its own Buffer type (an ArrayBuffer); Node's Buffer is what it reads
    await book.xlsx.load(bytes as unknown as ExcelJS.Buffer);
    const sheet = book.worksheets[0];
    if (!sheet) return [];
    const lines: string[][] = [];
    sheet.eachRow({ includeEmpty: true }, (row, rowNumber) => {
      const cells: string[] = [];
      for (let column = 1; column <= sheet.columnCount; column += 1) cells.push(row.getCell(column).text ?? '');
      lines[rowNumber - 1] = cells;
    });
    return Array.from(lines, (line) => line ?? []);
  } catch (error) {
    if (error instanceof BadRequestException) throw error;
    throw new BadRequestException(LAB_TEST_MESSAGES.notReadable(format));
  }
}
