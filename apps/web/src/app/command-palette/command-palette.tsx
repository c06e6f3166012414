import { isMenuGroup, isReadOnlyRole, canAccessRoute, menuForRole, type SearchResult } from '@erp/domain';
import { Modal, Tag } from 'antd';
import { Command } from 'cmdk';
import { useEffect, useRef, useState } from 'react';
import { useNavigate } from 'react-router';
import { createEntries, statusColourOf, tabEntries } from '../../lib/areas/area-registry.ts';
import { useAuth } from '../../lib/auth/auth-provider.tsx';
import { isKnownUser } from '../../lib/auth/auth-reducer.ts';
import './command-palette.css';
import { readRecent, rememberRecent } from './recent-records.ts';
import { useRecordSearch } from './use-record-search.ts';

export interface CommandPaletteProps {
  open: boolean;
  onClose: () => void;
  /** After the modal has gone: focus goes back where it was. */
  afterClose: () => void;
}

interface Entry {
  key: string;
  label: string;
  /** Other words it is found by (P&L, TB). */
  words?: readonly string[] | undefined;
  run: () => void;
}

// The shared states of every posting document; an area's manifest colours its own.
const sharedColours: Record<string, string> = { draft: 'gold', posted: 'green', cancelled: 'red', active: 'green', inactive: 'default' };

const matches = (label: string, text: string) => label.toLowerCase().includes(text.toLowerCase());

function RecordItem({ record, onOpen }: { record: SearchResult; onOpen: (record: SearchResult) => void }) {
  const name = [record.code, record.title].filter(Boolean).join(' ');
  return (
    <Command.Item value={`${record.type}:${record.id}`} onSelect={() => onOpen(record)}>
      <span className="palette-item-main">
        <strong>{record.code ?? record.title}</strong>
        {record.code && record.title && <span> {record.title}</span>}
        <span className="palette-item-sub">{record.subtitle}</span>
      </span>
      {record.status && (
        <Tag color={sharedColours[record.status] ?? statusColourOf(record.status) ?? 'default'} aria-label={`${name}: ${record.status}`}>
          {record.status}
        </Tag>
      )}
    </Command.Item>
  );
}

/**
 * Ctrl+K (docs/ARCHITECTURE.md, "Command palette"): a cmdk list in an antd modal. Go to (the
 * menu's screens for this role and the areas' tabs of them, found by title or common words), Create (the areas' documents this role may write), Records
 * (GET /api/search), Recent (records this user opened here). `>` lists commands, `#` and `@`
 * narrow the records (the server reads them too). Loaded lazily, on the first open.
 */
export function CommandPalette({ open, onClose, afterClose }: CommandPaletteProps) {
  const { user, state, logout, exitAssumedRole } = useAuth();
  const navigate = useNavigate();
  const [text, setText] = useState('');
  const search = useRecordSearch(text);
  const [list, setList] = useState<HTMLDivElement | null>(null);
  const input = useRef<HTMLInputElement>(null);

  // cmdk 1.1 leaves aria-activedescendant empty while options arrive after the input changed
  // (its selected id is read before the options render): name the selected option from the DOM.
  useEffect(() => {
    if (!list) return;
    const sync = () => {
      const selected = list.querySelector('[cmdk-item][aria-selected="true"]');
      if (selected?.id) input.current?.setAttribute('aria-activedescendant', selected.id);
      else input.current?.removeAttribute('aria-activedescendant');
    };
    sync();
    const observer = new MutationObserver(sync);
    observer.observe(list, { subtree: true, childList: true, attributes: true, attributeFilter: ['aria-selected'] });
    return () => observer.disconnect();
  }, [list]);
  const trimmed = text.trim();
  const commandMode = trimmed.startsWith('>');
  const recordMode = trimmed.startsWith('#') || trimmed.startsWith('@');
  const role = user?.role;

  const go = (href: string) => {
    onClose();
    void navigate(href);
  };
  const openRecord = (record: SearchResult) => {
    if (user) rememberRecent(user.id, record);
    go(record.route);
  };

  // The menu's screens for this role, and the documents it may write (as document screens decide their New button).
  const screens: Entry[] = role
    ? menuForRole(role)
        .flatMap((node) => (isMenuGroup(node) ? node.entries.map((e) => ({ ...e, label: `${node.label}: ${e.label}` })) : [node]))
        .map((e): Entry => ({ key: `go:${e.route}`, label: e.label, run: () => go(e.route) }))
        // The screens' tabs: the statements are tabs of /accounting, which the menu leaves out.
        .concat(tabEntries().filter((t) => canAccessRoute(role, t.route)).map((t) => ({ key: `go:${t.href}`, label: t.label, words: t.words, run: () => go(t.href) })))
    : [];
  const creates: Entry[] =
    role && !isReadOnlyRole(role)
      ? createEntries()
          .filter((c) => canAccessRoute(role, c.route))
          .map((c) => ({ key: `new:${c.href}`, label: c.label, run: () => go(c.href) }))
      : [];
  const assumed = isKnownUser(state.originalUser);
  const commands: Entry[] = [
    ...(role === 'admin' && !assumed ? [{ key: 'cmd:assume', label: 'Assume role…', run: () => go('/user') }] : []),
    ...(assumed ? [{ key: 'cmd:return', label: 'Return to my role', run: () => (onClose(), exitAssumedRole()) }] : []),
    { key: 'cmd:logout', label: 'Sign out', run: () => (onClose(), logout()) },
  ];
  const commandText = trimmed.slice(1).trim();
  const recent = user && !commandMode && !recordMode ? readRecent(user.id).filter((r) => trimmed === '' || matches(`${r.code ?? ''} ${r.title}`, trimmed)) : [];
  const shown = (entries: Entry[], filter: string) => entries.filter((e) => filter === '' || [e.label, ...(e.words ?? [])].some((name) => matches(name, filter)));
  const records = search.query === trimmed ? search.results : [];
  const waiting = trimmed !== '' && !commandMode && (search.loading || search.query !== trimmed);

  const group = (heading: string, entries: Entry[]) =>
    entries.length > 0 && (
      <Command.Group heading={heading}>
        {entries.map((e) => (
          <Command.Item key={e.key} value={e.key} onSelect={e.run}>
            {e.label}
          </Command.Item>
        ))}
      </Command.Group>
    );

  return (
    <Modal
      open={open}
      onCancel={onClose}
      afterClose={afterClose}
      footer={null}
      closable={false}
      title="Search and go"
      width={640}
      style={{ top: '8vh', maxWidth: 'calc(100vw - 16px)' }}
      destroyOnHidden
      styles={{ body: { padding: 0 } }}
    >
      <Command label="Search records, screens and commands" shouldFilter={false} loop className="palette">
        <Command.Input
          ref={input}
          autoFocus
          value={text}
          onValueChange={setText}
          placeholder="Search records, screens… (# number, @ customer or vendor, > commands)"
        />
        <Command.List ref={setList}>
          {waiting && records.length === 0 ? (
            <Command.Loading>Searching…</Command.Loading>
          ) : (
            <Command.Empty>{search.failed ? 'The search failed; try again' : 'Nothing found'}</Command.Empty>
          )}
          {commandMode ? (
            group('Commands', shown(commands, commandText))
          ) : (
            <>
              {records.length > 0 && (
                <Command.Group heading="Records">
                  {records.map((r) => (
                    <RecordItem key={`${r.type}:${r.id}`} record={r} onOpen={openRecord} />
                  ))}
                </Command.Group>
              )}
              {recent.length > 0 && (
                <Command.Group heading="Recent">
                  {recent.map((r) => (
                    <RecordItem key={`recent:${r.type}:${r.id}`} record={r} onOpen={openRecord} />
                  ))}
                </Command.Group>
              )}
              {!recordMode && group('Go to', shown(screens, trimmed))}
              {!recordMode && group('Create', shown(creates, trimmed))}
            </>
          )}
        </Command.List>
      </Command>
    </Modal>
  );
}
