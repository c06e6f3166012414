import { isMenuGroup, menuForRole, menuGroupOfPath, routeOfPath, type Role } from '@erp/domain';
import { Menu, type MenuProps } from 'antd';
import { useEffect, useMemo, useState } from 'react';
import { Link, useLocation } from 'react-router';

export interface SideMenuProps {
  role: Role;
  /** Collapsed sider: groups pop out instead of opening inline. */
  collapsed?: boolean;
  onNavigate?: () => void;
}

type Item = Required<MenuProps>['items'][number];

/** Spec section 2: the role's menu, one group open at a time, the current path's group opened. */
export function SideMenu({ role, collapsed = false, onNavigate }: SideMenuProps) {
  const { pathname } = useLocation();
  const nodes = useMemo(() => menuForRole(role), [role]);
  const currentGroup = menuGroupOfPath(pathname);
  const [openKeys, setOpenKeys] = useState<string[]>(currentGroup ? [currentGroup] : []);

  // Opening the current path's group whenever the path changes or the menu expands.
  useEffect(() => {
    if (!collapsed && currentGroup) setOpenKeys([currentGroup]);
    if (collapsed) setOpenKeys([]);
  }, [currentGroup, collapsed]);

  const items: Item[] = nodes.map((node) => {
    if (isMenuGroup(node)) {
      return {
        key: node.key,
        label: node.label,
        children: node.entries.map((entry) => ({
          key: entry.route,
          label: (
            <Link to={entry.route} onClick={onNavigate}>
              {entry.label}
            </Link>
          ),
        })),
      };
    }
    return {
      key: node.route,
      label: (
        <Link to={node.route} onClick={onNavigate}>
          {node.label}
        </Link>
      ),
    };
  });

  const selected = routeOfPath(pathname);
  return (
    <Menu
      mode="inline"
      theme="dark"
      items={items}
      inlineCollapsed={collapsed}
      selectedKeys={selected ? [selected] : []}
      openKeys={openKeys}
      onOpenChange={(keys) => {
        // Accordion: keep only the group that was just opened.
        const opened = keys.find((key) => !openKeys.includes(key));
        setOpenKeys(opened ? [opened] : []);
      }}
      style={{ borderInlineEnd: 0 }}
    />
  );
}
