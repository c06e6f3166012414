import { planFileHeaders, salesPlanDocument, type SalesPlanDetail, type SalesPlanInput } from '@erp/domain';
import { Alert, Collapse, Flex, Space, Typography } from 'antd';
import { Form } from '../../components/form.tsx';
import { useEffect, useMemo, useRef, useState } from 'react';
import { DocumentHeaderFields } from '../../components/document/document-header-fields.tsx';
import { problemsOfIssues, showFormProblems } from '../../components/document/form-problems.ts';
import { DocumentFormFooter } from '../../components/document/document-form-footer.tsx';
import { useDraftActions } from '../../components/document/use-draft-actions.ts';
import { ExportButtons } from '../../components/export-buttons.tsx';
import { requiredMark } from '../../components/required-mark.tsx';
import { useAuth } from '../../lib/auth/auth-provider.tsx';
import { notify } from '../../lib/notify.tsx';
import { PlanGrid } from './plan-grid.tsx';
import { namedRowsFile, newLineKey, type PlanLine } from './plan-lines.ts';
import { PlanReconciliation } from './plan-reconciliation.tsx';
import { AddLines, CopyActuals, ImportLinesButton, ImportProblems, PasteRows, readIntoGrid, SpreadTool } from './plan-tools.tsx';
import { exportLines } from './planning-api.ts';

interface HeaderValues {
  year?: number | null;
  regionId?: number | null;
  customerId?: number | null;
  salespersonId?: number | null;
  notes?: string | null;
}

export const planLinesOf = (plan: SalesPlanDetail): PlanLine[] =>
  plan.lines.map((line) => ({ key: newLineKey(), itemId: line.itemId, articleNumber: line.item.articleNumber, itemName: line.item.itemName, months: [...line.months] }));

/** The header's values and the grid's lines as the API takes them; missing values stay missing, so the schema names them. */
function bodyOf(values: HeaderValues, lines: readonly PlanLine[]): SalesPlanInput {
  return {
    year: values.year ?? (undefined as unknown as number),
    regionId: values.regionId ?? (undefined as unknown as number),
    customerId: values.customerId ?? null,
    salespersonId: values.salespersonId ?? null,
    notes: (values.notes ?? '').trim(),
    lines: lines.map((line) => ({ itemId: line.itemId, months: line.months })),
  };
}

/** `lines.N.*` problems by line, and `lines` itself (the lines as a whole). */
function lineProblemsOf(problems: Readonly<Record<string, string>>): Map<number, string> {
  const byLine = new Map<number, string>();
  for (const [key, message] of Object.entries(problems)) {
    const match = /^lines\.(\d+)\./.exec(key);
    if (match && !byLine.has(Number(match[1]))) byLine.set(Number(match[1]), message);
  }
  return byLine;
}

/**
 * A draft sales plan (issue 19, section 1): year, region, customer and salesperson (each
 * optional), notes, and the grid of items x 12 months with its tools: add an item (coloured by
 * plan coverage) or a category, paste rows from a spreadsheet, import or export the lines, copy
 * last year's actuals with growth, spread a yearly figure; and the region's reconciliation.
 */
export function SalesPlanForm({ plan, onDone }: { plan?: SalesPlanDetail; onDone: (openId?: number) => void }) {
  const [form] = Form.useForm<HeaderValues>();
  const { user } = useAuth();
  const [lines, setLines] = useState<PlanLine[]>(() => (plan ? planLinesOf(plan) : []));
  const [lineProblems, setLineProblems] = useState<Map<number, string>>(new Map());
  const [linesError, setLinesError] = useState<string>();
  const [importErrors, setImportErrors] = useState<Record<string, string>>({});
  const [activeLine, setActiveLine] = useState<number>();
  const canWrite = user !== undefined && salesPlanDocument.mayRun(user, 'edit');
  const canDelete = plan !== undefined && user !== undefined && salesPlanDocument.mayRun(user, 'delete');
  const year = Form.useWatch('year', form);
  const regionId = Form.useWatch('regionId', form);
  const customerId = Form.useWatch('customerId', form);
  const salespersonId = Form.useWatch('salespersonId', form);
  // A revision keeps its plan's key (the server refuses a change): its fields are shown, not edited.
  const isRevision = plan?.revisionOf !== null && plan?.revisionOf !== undefined;

  useEffect(() => {
    form.resetFields();
    form.setFieldsValue(
      plan
        ? { year: plan.year, regionId: plan.regionId, customerId: plan.customerId, salespersonId: plan.salespersonId, notes: plan.notes }
        : { year: new Date().getFullYear() + 1, notes: '' },
    );
  }, [plan, form]);

  const container = useRef<HTMLDivElement>(null);
  const update = (change: (current: PlanLine[]) => PlanLine[]) => {
    setLines((current) => change(current));
    setLineProblems(new Map());
    // The drawer asks before discarding once something was typed (an input event): lines a tool,
    // an import or a paste changed were not typed, so they say so the same way.
    container.current?.dispatchEvent(new Event('input', { bubbles: true }));
  };
  const showProblems = (problems: Readonly<Record<string, string>>) => {
    const header = Object.fromEntries(Object.entries(problems).filter(([key]) => !key.startsWith('lines.')));
    setLinesError(showFormProblems(form, header));
    setLineProblems(lineProblemsOf(problems));
  };
  const body = () => bodyOf(form.getFieldsValue(true) as HeaderValues, lines);
  const draft = useDraftActions<SalesPlanDetail>(salesPlanDocument, {
    id: plan?.id,
    body,
    check: () => {
      const parsed = salesPlanDocument.inputSchema.safeParse(body());
      return parsed.success ? {} : problemsOfIssues(parsed.error.issues);
    },
    showProblems,
    onDone,
  });
  const { submit, formError } = draft;
  const problemList = useMemo(() => [...lineProblems.entries()].slice(0, 5), [lineProblems]);

  return (
    <Flex vertical gap={12} ref={container}>
      {formError && <Alert type="error" showIcon title={formError} />}
      <Form form={form} name="sales-plan-form" layout="vertical" requiredMark={requiredMark} disabled={!canWrite} onFinish={() => submit(false)}>
        <DocumentHeaderFields
          fields={salesPlanDocument.fields}
          inputProps={isRevision ? { year: { disabled: true }, regionId: { disabled: true }, customerId: { disabled: true }, salespersonId: { disabled: true } } : {}}
        />
      </Form>
      {plan && plan.version > 1 && (
        <Typography.Text type="secondary">
          Revision {plan.version} of {plan.documentNumber}: approving it supersedes version {plan.version - 1}.
        </Typography.Text>
      )}
      {canWrite && (
        <Collapse
          size="small"
          defaultActiveKey={['add']}
          items={[
            { key: 'add', label: 'Add lines', children: <Flex vertical gap={8}><AddLines lines={lines} update={update} /><PasteRows update={update} setErrors={setImportErrors} /></Flex> },
            {
              key: 'tools',
              label: 'Tools: last year, spread, import and export',
              children: (
                <Flex vertical gap={8}>
                  <CopyActuals planKey={{ year, regionId, customerId, salespersonId }} update={update} />
                  <SpreadTool lines={lines} activeLine={activeLine} update={update} />
                  <Space wrap>
                    <ImportLinesButton update={update} setErrors={setImportErrors} />
                    {plan && <ExportButtons onExport={(format) => exportLines(plan.id, format)} />}
                  </Space>
                </Flex>
              ),
            },
          ]}
        />
      )}
      <ImportProblems errors={importErrors} onClose={() => setImportErrors({})} />
      {linesError && <Alert type="error" showIcon title={linesError} />}
      {problemList.length > 0 && (
        <Alert
          type="error"
          showIcon
          title="Some lines were refused"
          description={
            <ul style={{ margin: 0, paddingLeft: 18 }}>
              {problemList.map(([index, message]) => (
                <li key={index}>{`Line ${index + 1} (${lines[index]?.articleNumber ?? ''}): ${message}`}</li>
              ))}
            </ul>
          }
        />
      )}
      <PlanGrid
        lines={lines}
        onLinesChange={canWrite ? update : undefined}
        onActiveLine={setActiveLine}
        problems={lineProblems}
        onPasteRefused={(count) => notify.warning(`${count} pasted cell${count === 1 ? ' was' : 's were'} not a whole number and left as they were`)}
        onPasteNamed={(block) => void readIntoGrid(new Blob([namedRowsFile(block, planFileHeaders)]), 'pasted.tsv', update, setImportErrors)}
        empty="No lines yet: add items above, paste rows from a spreadsheet, or copy last year's actuals."
      />
      <DocumentFormFooter
        definition={salesPlanDocument}
        document={plan}
        canWrite={canWrite}
        canDelete={canDelete}
        actions={draft}
        onClose={() => onDone()}
        start={typeof year === 'number' && typeof regionId === 'number' && <PlanReconciliation year={year} regionId={regionId} />}
      />
    </Flex>
  );
}
