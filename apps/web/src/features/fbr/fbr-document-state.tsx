import { fbrPrintWords, fbrQr, fbrQrModules, type FbrSubmissionStatus } from '@erp/domain';
import { useQuery } from '@tanstack/react-query';
import { Flex, Tag, Typography } from 'antd';
import { useMemo } from 'react';
import type { DocumentPartProps } from '../../lib/areas/screen-map.ts';
import { fetchFbrLogo, fbrLogoKey } from './fbr-api.ts';
import { statusWords } from './fbr-words.ts';

/** The QR code's modules as one SVG path, the quiet zone inside the drawing so a scanner finds its edge on screen and paper. */
function FbrQrCode({ text }: { text: string }) {
  const path = useMemo(() => {
    const quiet = fbrQr.quietZoneModules;
    try {
      return fbrQrModules(text)
        .flatMap((row, y) => row.flatMap((dark, x) => (dark ? [`M${x + quiet} ${y + quiet}h1v1h-1z`] : [])))
        .join('');
    } catch {
      // A number no version 2 symbol holds: the caption still says it, as the PDF prints it without a code.
      return null;
    }
  }, [text]);
  if (path === null) return null;
  const side = fbrQr.modules + 2 * fbrQr.quietZoneModules;
  // 1 inch of modules plus the quiet zone, as the PDF draws it.
  const inches = side / fbrQr.modules;
  return (
    <svg viewBox={`0 0 ${side} ${side}`} width={`${inches}in`} height={`${inches}in`} role="img" aria-label={`QR code of ${text}`} shapeRendering="crispEdges" data-testid="fbr-qr">
      <rect width={side} height={side} fill="#fff" />
      <path d={path} fill="#000" />
    </svg>
  );
}

/**
 * FBR's state of an invoice or return (issue 30, sections 5 and 6), under its summary on screen and
 * in print: once accepted, FBR's number, its QR code and the DI logo the admin uploaded; else the
 * server's notice ("NOT YET A TAX INVOICE", as the PDF prints it) and FBR's state when it has one.
 * Nothing for a document FBR is never told of (reporting off, a rental charge, a cancelled one).
 */
export function FbrDocumentState({ document }: DocumentPartProps) {
  const status = (document.fbrStatus as FbrSubmissionStatus | null | undefined) ?? null;
  const number = (document.fbrInvoiceNumber as string | null | undefined) ?? null;
  const accepted = status === 'accepted' && number !== null;
  const notice = (document.fbrNotice as string | null | undefined) ?? null;
  const logo = useQuery({ queryKey: fbrLogoKey, queryFn: fetchFbrLogo, enabled: accepted, staleTime: 10 * 60_000 });
  if (!accepted) {
    if (notice === null && status === null) return null;
    return (
      <Flex vertical gap={4} className="fbr-document-state" data-testid="fbr-document-state">
        {notice && <Typography.Text strong>{notice}</Typography.Text>}
        {status && (
          <span>
            FBR: <Tag color={statusWords[status].colour}>{statusWords[status].label}</Tag>
          </span>
        )}
      </Flex>
    );
  }
  return (
    <Flex align="center" gap={16} wrap className="fbr-document-state" data-testid="fbr-document-state">
      <FbrQrCode text={number} />
      {logo.data && <img src={logo.data} alt="FBR Digital Invoicing" style={{ width: '1in', height: '1in', objectFit: 'contain' }} />}
      <Typography.Text strong>{fbrPrintWords.caption(number)}</Typography.Text>
    </Flex>
  );
}
