import type { AppRoute } from '@erp/domain';
import { Flex, Spin, Tabs } from 'antd';
import { type ReactNode, Suspense } from 'react';
import { screenTabsOf } from '../lib/areas/area-registry.ts';
import type { ScreenTab } from '../lib/areas/web-area.ts';
import { useQueryParams } from '../lib/use-query-params.ts';
import { ScreenTitle } from './screen-title.tsx';

/**
 * A screen of one area that other areas add tabs to (their manifests' `screenTabs`): alone when
 * none does, else its own content as the first tab, the screen's title above the tabs (the
 * content is then given `showTitle` false), and the others' tabs after it, each `?tab=<key>`.
 */
export function WithAddedTabs({ route, title, ownKey, ownLabel, children }: { route: AppRoute; title: string; ownKey: string; ownLabel: string; children: (showTitle: boolean) => ReactNode }) {
  const [search, setSearch] = useQueryParams();
  const added = screenTabsOf(route);
  if (added.length === 0) return <>{children(true)}</>;
  const wanted = search.get('tab');
  const active = added.find((tab) => tab.key === wanted)?.key ?? ownKey;
  return (
    <Flex vertical gap={8}>
      <ScreenTitle>{title}</ScreenTitle>
      <Tabs
        activeKey={active}
        // Another tab's filters in the address are its own: a tab starts from its key alone.
        onChange={(key) => setSearch(key === ownKey ? {} : { tab: key })}
        destroyOnHidden
        items={[
          { key: ownKey, label: ownLabel, children: children(false) },
          ...addedTabItems(added),
        ]}
      />
    </Flex>
  );
}

/** The tabs other areas add to a screen, as antd's tab items, each loaded when first shown. */
export function addedTabItems(added: readonly ScreenTab[]) {
  return added.map(({ key, label, component: Part }) => ({
    key,
    label,
    children: (
      <Suspense fallback={<Spin />}>
        <Part />
      </Suspense>
    ),
  }));
}
