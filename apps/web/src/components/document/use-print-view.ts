import './document-print.css';
import { useCallback, useEffect } from 'react';

const printingClass = 'printing-document';

/**
 * Prints the open document alone: while printing, the body carries `printing-document`, so
 * the layout (menu, header, list) hides and the drawer's content prints (see index.css
 * `.no-print`). The class goes when the print dialog closes.
 */
export function usePrintView(): () => void {
  useEffect(() => {
    const done = () => document.body.classList.remove(printingClass);
    window.addEventListener('afterprint', done);
    return () => {
      window.removeEventListener('afterprint', done);
      done();
    };
  }, []);
  return useCallback(() => {
    document.body.classList.add(printingClass);
    window.print();
  }, []);
}
