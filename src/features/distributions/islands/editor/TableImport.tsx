import { useId, useState } from 'react';
import { explainProblem } from '../../../../api/explain-problem.ts';
import { buttonClass, inputClass, secondaryButtonClass, tableClass, tdClass, thClass } from '../../../../ui/classes.ts';
import { loadDistribution, pasteRecipients, uploadRecipients, type RecipientImport, type Result } from '../../store-editor.ts';
import type { StepProps } from './LazyStep.tsx';

/** Shown in texts as placeholder values: file formats are not words to translate. */
export const TABLE_FORMATS = 'CSV / XLSX';

/**
 * The phone table (§5: at least 3 valid numbers): pasted or a CSV/XLSX file, replacing the stored one. The report
 * lists every rejected row the server returns with its row number, value and reason, in a scrollable table, and
 * says how many more there are when the server listed only the first ones: nothing is dropped silently.
 */
export default function TableImport({ te, tp, dist, replaceDist, running }: StepProps) {
  const [text, setText] = useState('');
  const [busy, setBusy] = useState(false);
  const [report, setReport] = useState<RecipientImport>();
  const [problem, setProblem] = useState<string>();
  const ids = useId();

  const run = async (send: () => Promise<Result<RecipientImport>>) => {
    setBusy(true);
    setProblem(undefined);
    const result = await send();
    if ('ok' in result) {
      setReport(result.ok);
      const fresh = await loadDistribution(dist.id);
      if ('ok' in fresh) replaceDist(fresh.ok);
    } else {
      setReport(undefined);
      setProblem(result.problem.code ? explainProblem(result.problem, tp, { prefixes: ['rule.'] }) : te('importFailed'));
    }
    setBusy(false);
  };

  const table = dist.table;
  return (
    <div className="grid gap-4">
      <p className="text-sm m-0" data-testid="stored-table">
        {table ? te('stored', { name: table.fileName ?? te('pasted'), accepted: table.accepted, rejected: table.rejected }) : te('noTable')}
      </p>
      <div>
        <label className="flex flex-col gap-1 text-sm font-medium">
          {te('paste')}
          <textarea
            className={`${inputClass} font-mono min-h-32`}
            value={text}
            rows={6}
            disabled={running}
            aria-describedby={`${ids}-paste-hint`}
            onChange={(e) => setText(e.target.value)}
          />
        </label>
        <p id={`${ids}-paste-hint`} className="text-xs text-ink-muted m-0 mt-1">{te('pasteHint')}</p>
        <button type="button" className={`${buttonClass} mt-2`} disabled={busy || running || !text.trim()} onClick={() => void run(() => pasteRecipients(dist.id, text))}>
          {te('usePaste')}
        </button>
      </div>
      <div>
        {/* The browser's file button speaks the browser's language: hidden, opened by a label in the page's. */}
        <label className="flex flex-col items-start gap-1 text-sm font-medium">
          {te('file', { formats: TABLE_FORMATS })}
          <input
            type="file"
            accept=".csv,.xlsx,text/csv,application/vnd.openxmlformats-officedocument.spreadsheetml.sheet"
            className="sr-only peer"
            disabled={busy || running}
            aria-describedby={`${ids}-file-hint`}
            onChange={(e) => {
              const file = e.target.files?.[0];
              const input = e.target;
              if (file) void run(() => uploadRecipients(dist.id, file)).then(() => (input.value = ''));
            }}
          />
          <span aria-hidden="true" className={`${secondaryButtonClass} inline-flex items-center font-normal peer-focus-visible:outline-2 peer-focus-visible:outline-brand ${busy ? 'opacity-50' : ''}`}>
            {te('chooseFile')}
          </span>
        </label>
        <p id={`${ids}-file-hint`} className="text-xs text-ink-muted m-0 mt-1">{te('fileHint', { xlsx: 'XLSX' })}</p>
      </div>
      {busy && <p role="status" className="text-sm text-ink-muted m-0">{te('importing')}</p>}
      <p role="alert" className="text-sm text-red-700 m-0 empty:hidden">{problem ?? ''}</p>
      {report && (
        <div className="grid gap-2" data-testid="import-report">
          <p role="status" className="text-sm m-0">{te('report', { rows: report.table.rows, accepted: report.table.accepted, rejected: report.table.rejected })}</p>
          {report.issues.length > 0 && (
            <div role="region" aria-label={te('rejectedTitle')} tabIndex={0} className="max-h-72 overflow-auto border border-gray-200 rounded">
              <table className={tableClass}>
                <caption className="text-left text-sm font-semibold p-2">{te('rejectedTitle')}</caption>
                <thead>
                  <tr>
                    <th scope="col" className={`${thClass} pl-2`}>{te('col.row')}</th>
                    <th scope="col" className={thClass}>{te('col.value')}</th>
                    <th scope="col" className={thClass}>{te('col.reason')}</th>
                  </tr>
                </thead>
                <tbody>
                  {report.issues.map((issue) => (
                    <tr key={`${issue.row}-${issue.code}`}>
                      <td className={`${tdClass} pl-2`}>{issue.row}</td>
                      <td className={`${tdClass} font-mono break-all`}>{issue.value}</td>
                      <td className={tdClass}>{te.dynamic(`issue.${issue.code}`)}</td>
                    </tr>
                  ))}
                </tbody>
              </table>
            </div>
          )}
          {report.issuesTotal > report.issues.length && <p className="text-sm m-0">{te('rejectedShown', { shown: report.issues.length, total: report.issuesTotal })}</p>}
        </div>
      )}
    </div>
  );
}
