// `npm run bench:invoice-form`: only the 200-line invoice form in Chromium (issue 8: adding
// line 201 in < 50 ms), on a fresh embedded database with the demo company, served from
// apps/web/dist (build it first: `npm run build`). BENCH_FORM_RUNS: rounds timed (9).
import { invoiceFormLines, measureInvoiceFormOnDemo } from './invoice-form-measures.ts';

console.log(invoiceFormLines(await measureInvoiceFormOnDemo()));
