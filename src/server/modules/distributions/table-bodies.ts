import type { FastifyInstance } from 'fastify';
import { MAX_TABLE_BYTES } from '../../../shared/distributions/table.ts';
import { XLSX_TYPE } from './table-parse.ts';

/**
 * The phone table's upload (PUT /Distributions/{id}/Recipients): CSV and XLSX bodies arrive as bytes (the importer
 * decides the encoding and sniffs a workbook), text/plain as Fastify's string, octet-stream as the flows' image
 * parser's bytes. The route takes up to MAX_TABLE_BYTES (10 MB) whatever the type; more is a 413 before reading.
 */
export function registerTableBodies(app: FastifyInstance): void {
  app.addContentTypeParser(['text/csv', XLSX_TYPE], { parseAs: 'buffer', bodyLimit: MAX_TABLE_BYTES }, (_req, body, done) => done(null, body));
  app.addHook('onRoute', (route) => {
    if ((route.schema as { operationId?: string } | undefined)?.operationId === 'importDistributionRecipients') route.bodyLimit = MAX_TABLE_BYTES;
  });
}
