import { once } from 'node:events';
import type { Writable } from 'node:stream';
import { finished } from 'node:stream/promises';
import { Inject, Injectable, Logger } from '@nestjs/common';
import { stringify } from 'csv-stringify';
import ExcelJS from 'exceljs';
import type { Response } from 'express';
import {
  EXPORT_CONTENT_TYPES,
  EXPORT_MAX_ROWS,
  EXPORT_ROW_LIMIT_HEADER,
  type CaseExportBody,
  type WorklistColumn,
} from '@rayworks/contracts';
import { KIT_AUDIT_ACTIONS, UnitOfWork, type RequestAccess } from '@rayworks/nest-kit';
import { CasesRepository } from '../../cases/cases.repository.js';
import { COLLABORATION_AUDIT_ACTIONS as A } from '../collaboration-audit.js';
import { exportColumns, exportFileName, headerOf, rowOf, type Cell } from './case-export.js';

/** Rows read per query: each chunk is read by the index (the keyset cursor of /cases/get), mapped, written, dropped. */
export const EXPORT_CHUNK = 500;

/** Where one export's rows go: written one by one (waiting when the client reads slower), then ended. */
interface RowSink {
  write(row: Cell[]): Promise<void>;
  end(): Promise<void>;
}

function csvSink(res: Writable, header: string[]): RowSink {
  // a BOM so Excel reads UTF-8 names right; CRLF as RFC 4180 says
  const csv = stringify({ bom: true, record_delimiter: 'windows' });
  csv.pipe(res);
  let first = true;
  return {
    async write(row) {
      if (first) {
        first = false;
        if (!csv.write(header)) await once(csv, 'drain');
      }
      if (!csv.write(row.map((c) => (c === null ? '' : c)))) await once(csv, 'drain');
    },
    async end() {
      if (first && !csv.write(header)) await once(csv, 'drain');
      csv.end();
      await finished(res);
    },
  };
}

function xlsxSink(res: Writable, header: string[]): RowSink {
  const book = new ExcelJS.stream.xlsx.WorkbookWriter({ stream: res, useStyles: false, useSharedStrings: false });
  const sheet = book.addWorksheet('Worklist', { views: [{ state: 'frozen', ySplit: 1 }] });
  sheet.addRow(header).commit();
  return {
    async write(row) {
      sheet.addRow(row).commit();
      // the zip stream buffers what the client has not read yet: wait for it to drain now and then
      if (res.writableNeedDrain) await once(res, 'drain');
    },
    async end() {
      sheet.commit();
      await book.commit();
      await finished(res);
    },
  };
}

/**
 * The worklist as a file (CSV or XLSX) of the current filter (the same filter and order as /cases/get, the same
 * reach), streamed: chunks of EXPORT_CHUNK rows are read by the keyset cursor in one read transaction, written and
 * dropped, so memory stays bounded whatever the size; at most EXPORT_MAX_ROWS rows. The export is audited as a read
 * of patient data (docs/decisions/0146-case-export.md).
 */
@Injectable()
export class CaseExportService {
  private readonly logger = new Logger(CaseExportService.name);

  constructor(
    @Inject(UnitOfWork) private readonly uow: UnitOfWork,
    @Inject(CasesRepository) private readonly cases: CasesRepository,
  ) {}

  async export(access: RequestAccess, body: CaseExportBody, res: Response): Promise<void> {
    const { format, columns: chosen, ...filter } = body;
    const columns: WorklistColumn[] = exportColumns(chosen);
    let started = false;
    try {
      await this.uow.read(
        access,
        async (tx) => {
          let cursor: string | undefined;
          let written = 0;
          let sink: RowSink | null = null;
          do {
            const size = Math.min(EXPORT_CHUNK, EXPORT_MAX_ROWS - written);
            const { items, next } = await this.cases.page(tx, access, {
              ...filter,
              page: 1,
              pageSize: size,
              cursor,
            });
            if (!sink) {
              // the first chunk was read without an error: the answer is a file from here on
              res.status(200);
              res.setHeader('Content-Type', EXPORT_CONTENT_TYPES[format]);
              res.setHeader('Content-Disposition', `attachment; filename="${exportFileName(format)}"`);
              res.setHeader('Cache-Control', 'no-store');
              res.setHeader(EXPORT_ROW_LIMIT_HEADER, String(EXPORT_MAX_ROWS));
              started = true;
              sink = format === 'csv' ? csvSink(res, headerOf(columns)) : xlsxSink(res, headerOf(columns));
            }
            for (const c of items) await sink.write(rowOf(c, columns));
            written += items.length;
            cursor = next ?? undefined;
          } while (cursor && written < EXPORT_MAX_ROWS);
          await sink!.end();
          return written;
        },
        {
          audit: {
            action: KIT_AUDIT_ACTIONS.patientDataRead,
            target: null,
            details: { list: A.export, format, status: filter.status, columns },
          },
        },
      );
    } catch (error) {
      if (!started) throw error; // before the first byte: the usual { status: 'error', ... } answer
      // the file is cut: the client must not take it for whole
      this.logger.error(`export failed after it started: ${String(error)}`);
      res.destroy(error instanceof Error ? error : new Error(String(error)));
    }
  }
}
