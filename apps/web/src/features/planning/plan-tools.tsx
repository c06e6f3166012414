import { defaultPlanYears, grownQuantities, planFileHeaders, profileWeights, seasonalProfiles, spreadByWeights, spreadEvenly, yearQuantity } from '@erp/domain';
import { UploadOutlined } from '@ant-design/icons';
import { useQuery } from '@tanstack/react-query';
import { Alert, Button, Flex, Input, InputNumber, Select, Typography, Upload } from 'antd';
import { useState } from 'react';
import { OptionSelect } from '../../components/resource/option-select.tsx';
import { fetchList, resourceKeys } from '../../components/resource/resource-api.ts';
import { errorMessage } from '../../lib/http.ts';
import { notify } from '../../lib/notify.tsx';
import { emptyMonths, mergeLines, namedRowsFile, pastedBlock, type PlanLine } from './plan-lines.ts';
import { fetchActuals, fetchCategoryItems, importLines, type ImportedLines } from './planning-api.ts';

type Update = (update: (lines: PlanLine[]) => PlanLine[]) => void;

/** The problems of an import or a paste, by row: shown until the next one. */
export function ImportProblems({ errors, onClose }: { errors: Record<string, string>; onClose: () => void }) {
  const entries = Object.entries(errors);
  if (entries.length === 0) return null;
  return (
    <Alert
      type="warning"
      showIcon
      closable={{ onClose, 'aria-label': 'Close the rows left out' }}
      title={`${entries.length} row${entries.length === 1 ? '' : 's'} left out`}
      description={
        <ul style={{ margin: 0, paddingLeft: 18, maxHeight: 120, overflow: 'auto' }}>
          {entries.map(([key, message]) => (
            <li key={key}>{`${key.replace(/^rows\.(\d+)\..*$/, 'Row $1')}: ${message}`}</li>
          ))}
        </ul>
      }
    />
  );
}

/** Lines read by the server's import (a file, or a pasted block of named rows) into the grid. */
export async function readIntoGrid(file: Blob, fileName: string, update: Update, setErrors: (errors: Record<string, string>) => void): Promise<void> {
  let answer: ImportedLines;
  try {
    answer = await importLines(file, fileName);
  } catch (error) {
    notify.error(errorMessage(error));
    return;
  }
  update((lines) => mergeLines(lines, answer.lines.map((line) => ({ itemId: line.itemId, articleNumber: line.articleNumber, itemName: line.itemName, months: line.months }))));
  setErrors(answer.errors);
  notify.success(answer.message);
}

/** Add an item (a picker coloured by plan coverage), or every approved item of a category. */
export function AddLines({ lines, update }: { lines: readonly PlanLine[]; update: Update }) {
  const [category, setCategory] = useState<number>();
  const [adding, setAdding] = useState(false);
  const addCategory = async () => {
    if (!category) return;
    setAdding(true);
    try {
      const items = await fetchCategoryItems(category);
      const present = new Set(lines.map((line) => line.itemId));
      const fresh = items.filter((item) => !present.has(item.itemId));
      update((current) => mergeLines(current, fresh.map((item) => ({ itemId: item.itemId, articleNumber: item.articleNumber, itemName: item.itemName, months: emptyMonths() }))));
      notify.success(`${fresh.length} item${fresh.length === 1 ? '' : 's'} added`);
    } catch (error) {
      notify.error(errorMessage(error));
    } finally {
      setAdding(false);
    }
  };
  return (
    <Flex wrap gap={8} align="center">
      <OptionSelect
        resource="items"
        aria-label="Add an item"
        placeholder="Add an item"
        planYears={defaultPlanYears()}
        optionText={(option) => `${String(option.articleNumber ?? '')} ${String(option.itemName ?? option.name ?? '')}`.trim()}
        value={null}
        style={{ width: 280, maxWidth: '100%' }}
        onOptionPicked={(option) => {
          if (!option) return;
          if (lines.some((line) => line.itemId === option.id)) {
            notify.warning('The item is already in the plan');
            return;
          }
          update((current) => mergeLines(current, [{ itemId: option.id, articleNumber: String(option.articleNumber ?? ''), itemName: String(option.itemName ?? option.name ?? ''), months: emptyMonths() }]));
        }}
      />
      <OptionSelect resource="categories" aria-label="Category to add" placeholder="Category" value={category ?? null} onChange={(value) => setCategory(typeof value === 'number' ? value : undefined)} style={{ width: 200, maxWidth: '100%' }} />
      <Button onClick={() => void addCategory()} disabled={!category} loading={adding}>
        Add the category's items
      </Button>
    </Flex>
  );
}

/** Rows pasted from a spreadsheet: article number and 12 months (the export's columns; a header row optional). */
export function PasteRows({ update, setErrors }: { update: Update; setErrors: (errors: Record<string, string>) => void }) {
  const [text, setText] = useState('');
  const [reading, setReading] = useState(false);
  const read = async (value: string) => {
    const block = pastedBlock(value);
    if (block.length === 0) return;
    setReading(true);
    const file = new Blob([namedRowsFile(block, planFileHeaders)], { type: 'text/tab-separated-values' });
    await readIntoGrid(file, 'pasted.tsv', update, setErrors);
    setReading(false);
    setText('');
  };
  return (
    <Flex gap={8} align="flex-start" wrap>
      <Input.TextArea
        aria-label="Paste rows from a spreadsheet"
        placeholder="Paste rows from a spreadsheet: article number, then January to December"
        autoSize={{ minRows: 1, maxRows: 4 }}
        value={text}
        onChange={(event) => setText(event.target.value)}
        onPaste={(event) => {
          const pasted = event.clipboardData.getData('text/plain');
          if (!pasted.includes('\t')) return;
          event.preventDefault();
          void read(pasted);
        }}
        style={{ width: 420, maxWidth: '100%' }}
      />
      <Button onClick={() => void read(text)} disabled={text.trim() === ''} loading={reading}>
        Add pasted rows
      </Button>
    </Flex>
  );
}

/** A file of lines (CSV or Excel, as exported) into the grid. */
export function ImportLinesButton({ update, setErrors }: { update: Update; setErrors: (errors: Record<string, string>) => void }) {
  const [reading, setReading] = useState(false);
  return (
    <Upload
      accept=".csv,.xlsx,.txt,.tsv"
      showUploadList={false}
      beforeUpload={(file) => {
        setReading(true);
        void readIntoGrid(file, file.name, update, setErrors).finally(() => setReading(false));
        return false;
      }}
    >
      <Button icon={<UploadOutlined />} loading={reading}>
        Import lines
      </Button>
    </Upload>
  );
}

export interface PlanKey {
  year?: number | null;
  regionId?: number | null;
  customerId?: number | null;
  salespersonId?: number | null;
}

/** Last year's actual quantities x (1 + growth %), for the plan's region (and customer, salesperson). */
export function CopyActuals({ planKey, update }: { planKey: PlanKey; update: Update }) {
  const [growth, setGrowth] = useState<number | null>(0);
  const [copying, setCopying] = useState(false);
  const ready = typeof planKey.year === 'number' && typeof planKey.regionId === 'number';
  const copy = async () => {
    if (!ready) return;
    setCopying(true);
    try {
      const rows = await fetchActuals({ year: planKey.year! - 1, regionId: planKey.regionId!, customerId: planKey.customerId, salespersonId: planKey.salespersonId });
      update((lines) => mergeLines(lines, rows.map((row) => ({ itemId: row.itemId, articleNumber: row.articleNumber, itemName: row.itemName, months: grownQuantities(row.months, growth ?? 0) }))));
      notify.success(rows.length === 0 ? `Nothing was sold in ${planKey.year! - 1}` : `${rows.length} item${rows.length === 1 ? '' : 's'} copied from ${planKey.year! - 1}`);
    } catch (error) {
      notify.error(errorMessage(error));
    } finally {
      setCopying(false);
    }
  };
  return (
    <Flex gap={8} align="center" wrap>
      <Typography.Text>Growth</Typography.Text>
      <InputNumber aria-label="Growth %" addonAfter="%" value={growth} onChange={setGrowth} min={-100} max={1000} precision={1} style={{ width: 130 }} />
      <Button onClick={() => void copy()} disabled={!ready} loading={copying} title={ready ? undefined : 'Choose the year and region first'}>
        Copy last year's actuals
      </Button>
    </Flex>
  );
}

interface ProfileRow {
  id: number;
  profileName: string;
  [month: string]: unknown;
}

/** A yearly figure over the months, evenly or by a seasonal profile: onto the current line, or every line keeping its total. */
export function SpreadTool({ lines, activeLine, update }: { lines: readonly PlanLine[]; activeLine?: number; update: Update }) {
  const [yearly, setYearly] = useState<number | null>(null);
  const [profileId, setProfileId] = useState<number>(0);
  const profiles = useQuery({
    queryKey: resourceKeys.list(seasonalProfiles.name, { page: 1, pageSize: 100 }),
    queryFn: () => fetchList(seasonalProfiles.name, { page: 1, pageSize: 100 }),
  });
  const rows = (profiles.data?.data ?? []) as ProfileRow[];
  const spread = (total: number) => {
    const profile = rows.find((row) => row.id === profileId);
    const weights = profile ? profileWeights(profile) : undefined;
    return weights && weights.some((w) => w > 0) ? spreadByWeights(total, weights) : spreadEvenly(total);
  };
  const current = activeLine !== undefined ? lines[activeLine] : undefined;
  return (
    <Flex gap={8} align="center" wrap>
      <Typography.Text>Spread</Typography.Text>
      <InputNumber aria-label="Yearly figure" placeholder="Yearly figure" value={yearly} onChange={setYearly} min={0} max={1_200_000_000} precision={0} style={{ width: 150 }} />
      <Select
        aria-label="Spread by"
        value={profileId}
        onChange={setProfileId}
        style={{ width: 200 }}
        options={[{ value: 0, label: 'Evenly' }, ...rows.map((row) => ({ value: row.id, label: row.profileName }))]}
      />
      <Button disabled={!current || yearly === null} onClick={() => current && yearly !== null && update((all) => all.map((line) => (line.key === current.key ? { ...line, months: spread(yearly) } : line)))}>
        Spread on {current ? current.articleNumber : 'the current line'}
      </Button>
      <Button disabled={lines.length === 0} onClick={() => update((all) => all.map((line) => ({ ...line, months: spread(yearQuantity(line.months)) })))}>
        Re-spread every line
      </Button>
      {profiles.isError && <Typography.Text type="danger">{errorMessage(profiles.error)}</Typography.Text>}
    </Flex>
  );
}
