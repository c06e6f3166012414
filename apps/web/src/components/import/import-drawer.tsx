import { FileExcelOutlined, FileTextOutlined, InboxOutlined } from '@ant-design/icons';
import { importMaxBytes, importMessages, type ImportKindName, type ImportMode, importModes, type ImportPreview, type ImportPreviewRow } from '@erp/domain';
import { useMutation, useQuery } from '@tanstack/react-query';
import { Alert, Button, Drawer, Flex, Progress, Radio, Select, Space, Table, Tag, Typography, Upload } from 'antd';
import type { ColumnsType } from 'antd/es/table';
import { useState } from 'react';
import { errorMessage, fieldErrorsOf } from '../../lib/http.ts';
import { notify } from '../../lib/notify.tsx';
import { useIsNarrow } from '../../lib/use-is-narrow.ts';
import { downloadRejected, downloadTemplate, fetchImportJob, type ImportMapping, type ImportRunResult, previewAgain, runImport, uploadForPreview } from './import-api.ts';

export interface ImportDrawerProps {
  kind: ImportKindName;
  /** "Import items". */
  title: string;
  open: boolean;
  onClose: () => void;
  /** After rows were imported: the screen refreshes its lists (and may open what the run made: a bank statement's `statementId`). */
  onImported?: (result: ImportRunResult) => void;
  /** The upload's query string (a bank statement's `bankAccountId`). */
  params?: Readonly<Record<string, string | number>>;
}

/** A refusal as the user reads it: the message, and the rows' errors (`rows.<row>.<column>`) as "Row 3, Category: ...". */
interface Refusal {
  message: string;
  details: string[];
  /** The job whose rejected rows can be downloaded. */
  jobId?: number;
}

function refusalOf(error: unknown, labels: Map<string, string>, jobId?: number): Refusal {
  const details = Object.entries(fieldErrorsOf(error) ?? {}).map(([key, message]) => {
    const match = /^rows\.(\d+)\.(.+)$/.exec(key);
    if (match) return `Row ${match[1]}, ${labels.get(match[2]!) ?? match[2]}: ${message}`;
    const mapped = /^mapping\.(.+)$/.exec(key);
    if (mapped) return `${labels.get(mapped[1]!) ?? mapped[1]}: ${message}`;
    return key === 'file' ? '' : message;
  });
  return { message: errorMessage(error), details: details.filter(Boolean).slice(0, 10), ...(jobId ? { jobId } : {}) };
}

function RejectedDownloads({ jobId }: { jobId: number }) {
  const [busy, setBusy] = useState<'csv' | 'xlsx'>();
  const download = async (format: 'csv' | 'xlsx') => {
    setBusy(format);
    try {
      await downloadRejected(jobId, format);
    } catch (error) {
      notify.error(errorMessage(error));
    } finally {
      setBusy(undefined);
    }
  };
  return (
    <Space wrap>
      <Button icon={<FileTextOutlined />} loading={busy === 'csv'} onClick={() => void download('csv')}>
        Download rejected rows (CSV)
      </Button>
      <Button icon={<FileExcelOutlined />} loading={busy === 'xlsx'} onClick={() => void download('xlsx')}>
        Download rejected rows (Excel)
      </Button>
    </Space>
  );
}

function TemplateLinks({ kind }: { kind: ImportKindName }) {
  const download = (format: 'csv' | 'xlsx') => downloadTemplate(kind, format).catch((error: unknown) => notify.error(errorMessage(error)));
  return (
    <Space wrap size={0}>
      <Typography.Text type="secondary">Download template:</Typography.Text>
      <Button type="link" onClick={() => void download('csv')}>
        CSV
      </Button>
      <Button type="link" onClick={() => void download('xlsx')}>
        Excel
      </Button>
    </Space>
  );
}

/** Step 1: the file, checked by content on the server; its upload's progress. */
function UploadStep({ kind, uploading, percent, onFile }: { kind: ImportKindName; uploading: boolean; percent: number | undefined; onFile: (file: File) => void }) {
  return (
    <Flex vertical gap={16}>
      <Upload.Dragger
        accept=".csv,.xlsx,text/csv,application/vnd.openxmlformats-officedocument.spreadsheetml.sheet"
        showUploadList={false}
        disabled={uploading}
        beforeUpload={(file) => {
          onFile(file);
          return false;
        }}
      >
        <p className="ant-upload-drag-icon">
          <InboxOutlined />
        </p>
        <p className="ant-upload-text">Choose or drop a CSV or Excel (.xlsx) file</p>
        <p className="ant-upload-hint">At most {importMaxBytes / 1024 / 1024} MB. The first row holds the column headers.</p>
      </Upload.Dragger>
      {uploading && (
        <div>
          <Progress percent={percent ?? 0} status="active" aria-label="Upload progress" />
          <Typography.Text type="secondary">{percent === 100 ? 'Checking the rows…' : 'Uploading…'}</Typography.Text>
        </div>
      )}
      <TemplateLinks kind={kind} />
    </Flex>
  );
}

/** The cell of a preview row: its value, and its error beneath it. */
function previewCell(row: ImportPreviewRow, key: string) {
  const error = row.errors[key];
  const value = row.values[key] ?? '';
  if (!error) return value;
  return (
    <Flex vertical>
      <Typography.Text type="danger">{value || '(empty)'}</Typography.Text>
      <Typography.Text type="danger" style={{ fontSize: 12 }}>
        {error}
      </Typography.Text>
    </Flex>
  );
}

/** Step 2: the column mapping, the first rows with their errors, and the choice of mode. */
function MappingStep({
  preview,
  mapping,
  onMapping,
  remapping,
  mode,
  onMode,
}: {
  preview: ImportPreview;
  mapping: ImportMapping;
  onMapping: (key: string, header: string | null) => void;
  remapping: boolean;
  mode: ImportMode;
  onMode: (mode: ImportMode) => void;
}) {
  const headerOptions = preview.headers.map((header) => ({ value: header, label: header }));
  const mappingColumns: ColumnsType<ImportPreview['columns'][number]> = [
    {
      key: 'field',
      title: 'Field',
      render: (_, column) => (
        <Flex vertical>
          <span>
            {column.label}
            {column.required && <Typography.Text type="danger"> *</Typography.Text>}
          </span>
          {column.hint && (
            <Typography.Text type="secondary" style={{ fontSize: 12 }}>
              {column.hint}
            </Typography.Text>
          )}
        </Flex>
      ),
    },
    {
      key: 'header',
      title: 'Column in the file',
      render: (_, column) => (
        <Select
          aria-label={`Column for ${column.label}`}
          allowClear
          showSearch
          options={headerOptions}
          value={mapping[column.key] ?? undefined}
          onChange={(header: string | undefined) => onMapping(column.key, header ?? null)}
          style={{ width: '100%', minWidth: 160 }}
        />
      ),
    },
  ];
  const previewColumns: ColumnsType<ImportPreviewRow> = [
    { key: 'rowNumber', title: 'Row', dataIndex: 'rowNumber', width: 64, fixed: 'left' },
    ...preview.columns.map((column) => ({ key: column.key, title: column.label, render: (_: unknown, row: ImportPreviewRow) => previewCell(row, column.key) })),
  ];
  return (
    <Flex vertical gap={16}>
      <Space wrap>
        <Typography.Text strong>{preview.fileName}</Typography.Text>
        <Tag>{preview.totalRows} rows</Tag>
        <Tag color="green">{preview.validRows} valid</Tag>
        <Tag color={preview.invalidRows > 0 ? 'red' : undefined}>{preview.invalidRows} with errors</Tag>
      </Space>
      <Typography.Title level={5} style={{ margin: 0 }}>
        Columns
      </Typography.Title>
      <Table rowKey="key" size="small" pagination={false} columns={mappingColumns} dataSource={preview.columns} loading={remapping} />
      <Typography.Title level={5} style={{ margin: 0 }} id="import-preview-title">
        Preview of the first {preview.preview.length} rows
      </Typography.Title>
      {/* The preview holds nothing focusable, so its wide scrolling box takes the focus itself (axe: scrollable-region-focusable). */}
      <div role="region" aria-labelledby="import-preview-title" tabIndex={0} style={{ overflowX: 'auto' }}>
        <Table
          rowKey="rowNumber"
          size="small"
          pagination={false}
          columns={previewColumns}
          dataSource={preview.preview}
          loading={remapping}
          style={{ minWidth: 'max-content' }}
          rowClassName={(row) => (Object.keys(row.errors).length > 0 ? 'import-row-invalid' : '')}
        />
      </div>
      <Radio.Group aria-label="Import mode" value={mode} onChange={(event) => onMode(event.target.value as ImportMode)}>
        <Flex vertical gap={4}>
          {importModes.map((m) => (
            <Radio key={m.value} value={m.value}>
              {m.label}
            </Radio>
          ))}
        </Flex>
      </Radio.Group>
    </Flex>
  );
}

/** What the drawer holds; remounted (and so emptied) each time the drawer opens. */
function ImportSteps({ kind, onClose, onImported, params }: Pick<ImportDrawerProps, 'kind' | 'onClose' | 'onImported' | 'params'>) {
  const [percent, setPercent] = useState<number>();
  const [preview, setPreview] = useState<ImportPreview>();
  const [mapping, setMapping] = useState<ImportMapping>({});
  const [mode, setMode] = useState<ImportMode>('validOnly');
  const [result, setResult] = useState<ImportRunResult>();
  const [refusal, setRefusal] = useState<Refusal>();
  const labels = new Map(preview?.columns.map((c) => [c.key, c.label]) ?? []);

  const upload = useMutation({
    mutationFn: (file: File) => uploadForPreview(kind, file, setPercent, params),
    onMutate: () => setRefusal(undefined),
    onSuccess: (next) => {
      setPreview(next);
      setMapping(next.mapping);
    },
    onError: (error) => setRefusal(refusalOf(error, labels)),
  });
  const remap = useMutation({
    mutationFn: (next: ImportMapping) => previewAgain(kind, preview!.jobId, next),
    onMutate: () => setRefusal(undefined),
    onSuccess: setPreview,
    onError: (error) => setRefusal(refusalOf(error, labels)),
  });
  const run = useMutation({
    mutationFn: () => runImport(kind, preview!.jobId, mode, mapping),
    onMutate: () => setRefusal(undefined),
    onSuccess: (done) => {
      setResult(done);
      if (done.imported > 0) onImported?.(done);
    },
    onError: (error) => setRefusal(refusalOf(error, labels, preview?.jobId)),
  });
  // The run answers when done; meanwhile its progress is polled.
  const job = useQuery({
    queryKey: ['import-job', preview?.jobId],
    queryFn: () => fetchImportJob(preview!.jobId),
    enabled: run.isPending && preview !== undefined,
    refetchInterval: 700,
  });

  const chooseFile = (file: File) => {
    if (file.size > importMaxBytes) setRefusal({ message: importMessages.fileTooLarge, details: [] });
    else upload.mutate(file);
  };
  const changeMapping = (key: string, header: string | null) => {
    const next = { ...mapping, [key]: header };
    setMapping(next);
    remap.mutate(next);
  };
  const startOver = () => {
    setPreview(undefined);
    setResult(undefined);
    setRefusal(undefined);
    setPercent(undefined);
  };

  const progress = job.data && job.data.totalRows > 0 ? Math.floor((job.data.processedRows / job.data.totalRows) * 100) : 0;
  const importCount = mode === 'validOnly' ? preview?.validRows : preview?.totalRows;

  return (
    <Flex vertical gap={16}>
      {refusal && (
        <Alert
          type="error"
          showIcon
          title={refusal.message}
          description={
            refusal.details.length > 0 || refusal.jobId ? (
              <Flex vertical gap={8}>
                {refusal.details.length > 0 && (
                  <ul style={{ margin: 0, paddingInlineStart: 20 }}>
                    {refusal.details.map((detail) => (
                      <li key={detail}>{detail}</li>
                    ))}
                  </ul>
                )}
                {refusal.jobId && <RejectedDownloads jobId={refusal.jobId} />}
              </Flex>
            ) : undefined
          }
        />
      )}
      {result ? (
        <Flex vertical gap={16}>
          <Alert type={result.rejected > 0 ? 'warning' : 'success'} showIcon title={result.message} />
          {result.rejected > 0 && <RejectedDownloads jobId={result.job.jobId} />}
          <Space wrap>
            <Button onClick={startOver}>Import another file</Button>
            <Button type="primary" onClick={onClose}>
              Close
            </Button>
          </Space>
        </Flex>
      ) : run.isPending ? (
        <div>
          <Progress percent={progress} status="active" aria-label="Import progress" />
          <Typography.Text type="secondary">
            Importing… {job.data ? `${job.data.processedRows} of ${job.data.totalRows} rows` : ''}
          </Typography.Text>
        </div>
      ) : preview ? (
        <>
          <MappingStep preview={preview} mapping={mapping} onMapping={changeMapping} remapping={remap.isPending} mode={mode} onMode={setMode} />
          <Space wrap>
            <Button onClick={startOver}>Choose another file</Button>
            <Button type="primary" disabled={remap.isPending || !importCount} onClick={() => run.mutate()}>
              {mode === 'validOnly' ? `Import ${importCount} valid row${importCount === 1 ? '' : 's'}` : `Import all ${importCount} rows`}
            </Button>
          </Space>
        </>
      ) : (
        <UploadStep kind={kind} uploading={upload.isPending} percent={percent} onFile={chooseFile} />
      )}
    </Flex>
  );
}

/**
 * The import of a screen's records from CSV or Excel (issue 7, section 5): upload, map the
 * columns, preview the first rows with their errors, choose the mode, run with a progress bar,
 * then download the rejected rows. Full width on small screens.
 */
export function ImportDrawer({ kind, title, open, onClose, onImported, params }: ImportDrawerProps) {
  const narrow = useIsNarrow();
  return (
    <Drawer title={title} open={open} onClose={onClose} size={narrow ? '100%' : 900} destroyOnHidden>
      <ImportSteps kind={kind} onClose={onClose} {...(onImported ? { onImported } : {})} {...(params ? { params } : {})} />
    </Drawer>
  );
}
