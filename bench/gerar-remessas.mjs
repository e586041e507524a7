// Gerar Remessas (docs/gerar-remessas.md): a sheet of 50,000 rows turned into the batch CSV in under
// 5 s (issue 20). Times core's generateRemessaCsv — the function the page's worker runs — on rows
// as the xlsx reader gives them (text, numbers, dates), with grouped columns and monetary fields.
// Reading the .xlsx happens in the browser (read-excel-file in a worker); its figures in Chromium
// are in docs/gerar-remessas.md.
import { performance } from 'node:perf_hooks';
import { register } from 'tsx/esm/api';
import { fmt } from './lib.mjs';

register();
const core = await import('../packages/core/src/index.ts');

const ROWS = Number(process.env.GERAR_ROWS ?? 50_000);
const BUDGET_MS = 5000;

const sheetHeader = ['CPF', 'NOME', 'EMAIL', 'TELEFONE', 'VENCIMENTO', 'VALOR1', 'VALOR2', 'VALOR3', 'TOTAL', 'CIDADE'];
const remessaHeader = [
  'ID',
  'ASSUNTO',
  'NOME_DESTINATARIO',
  'EMAIL_DESTINATARIO',
  'TELEFONE_DESTINATARIO',
  'MODELO',
  'VENCIMENTO',
  ...Array.from({ length: 10 }, (_, i) => `VALOR${i + 1}`),
  'TOTAL',
];
const rows = Array.from({ length: ROWS }, (_, i) => [
  String(10_000_000_000 + i),
  `Pessoa ${i}`,
  `p${i}@exemplo.com.br`,
  11_990_000_000 + i,
  new Date(Date.UTC(2026, i % 12, 1 + (i % 28))),
  i * 1.5,
  i % 3 ? i * 2.25 : null,
  '1.234,56',
  i * 3.75 + 10,
  'São Paulo',
]);
const options = {
  remessaHeader,
  remessaFields: core.groupSequencedColumns(remessaHeader),
  sheetHeader,
  sheetFields: core.groupSequencedColumns(sheetHeader),
  mapping: {
    ID: 'CPF',
    NOME_DESTINATARIO: 'NOME',
    EMAIL_DESTINATARIO: 'EMAIL',
    TELEFONE_DESTINATARIO: 'TELEFONE',
    VENCIMENTO: 'VENCIMENTO',
    'VALOR 1 até 10': 'VALOR 1 até 3',
    TOTAL: 'TOTAL',
  },
  monetary: ['VALOR 1 até 10', 'TOTAL'],
  groupBy: '',
};

const times = [];
let result;
for (let run = 0; run < 3; run++) {
  const t = performance.now();
  result = core.generateRemessaCsv(rows, options);
  times.push(performance.now() - t);
}
console.log(
  `generate ${ROWS} rows → ${result.lines} lines, ${fmt(result.csv.length / 1024 / 1024)} MB: ${times.map((t) => fmt(t, 0)).join(' / ')} ms ` +
    `(budget ${BUDGET_MS} ms, ${fmt((times[0] / BUDGET_MS) * 100, 0)}% of it on the first run)`,
);
const grouped = core.generateRemessaCsv(rows, { ...options, groupBy: 'CIDADE' });
console.log(`grouped by a column with one value: ${grouped.lines} line, ${grouped.truncated} values beyond VALOR10 counted as truncated`);

if (times[0] > BUDGET_MS) {
  console.error(`over budget: ${fmt(times[0], 0)} ms > ${BUDGET_MS} ms`);
  process.exit(1);
}
