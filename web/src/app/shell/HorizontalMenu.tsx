import { Box, Menu as MantineMenu, Tooltip, UnstyledButton } from '@mantine/core';
import { MORE_LABEL, type Menu, type MenuItem } from '@rayworks/contracts';
import { IconChevronDown } from '@tabler/icons-react';
import { Link } from 'react-router-dom';
import classes from './HorizontalMenu.module.css';
import { MenuIcon } from './menu-icons';
import { MORE_ID } from './menu-state';

interface Props {
  menu: Menu;
  active: Set<string>;
  /** Icons with tooltips instead of labels (viewport between 767 and 1025 px). */
  compact: boolean;
}

/**
 * The horizontal layout's menu bar (spec §9 default layout): the first 7 entries, then More holding the rest;
 * Finance and Master Config open their sub-items. Dropdowns stay mounted so the whole menu is in the page.
 */
export function HorizontalMenu({ menu, active, compact }: Props) {
  return (
    <Box
      component="nav"
      aria-label="Main menu"
      className={classes.bar}
      data-testid="main-menu"
      data-layout="horizontal"
    >
      {menu.items.map((item) =>
        item.subItems.length > 0 ? (
          <HeaderEntry key={item.id} item={item} active={active} compact={compact} />
        ) : (
          <LinkEntry key={item.id} item={item} active={active.has(item.id)} compact={compact} />
        ),
      )}
      {menu.more.length > 0 ? <MoreEntry items={menu.more} active={active} compact={compact} /> : null}
    </Box>
  );
}

function EntryTooltip({ label, compact, children }: { label: string; compact: boolean; children: React.ReactElement }) {
  return compact ? (
    <Tooltip label={label} withArrow openDelay={250}>
      {children}
    </Tooltip>
  ) : (
    children
  );
}

function LinkEntry({ item, active, compact }: { item: MenuItem; active: boolean; compact: boolean }) {
  return (
    <EntryTooltip label={item.label} compact={compact}>
      <UnstyledButton
        component={Link}
        to={item.link}
        className={classes.entry}
        data-active={active || undefined}
        data-compact={compact || undefined}
        aria-current={active ? 'page' : undefined}
        aria-label={compact ? item.label : undefined}
        data-testid={`menu-link-${item.id}`}
        data-menu-entry=""
        data-menu-id={item.id}
        data-menu-link={item.link}
      >
        <MenuIcon id={item.id} />
        {compact ? null : <span>{item.label}</span>}
      </UnstyledButton>
    </EntryTooltip>
  );
}

function HeaderEntry({ item, active, compact }: { item: MenuItem; active: Set<string>; compact: boolean }) {
  return (
    <MantineMenu
      trigger="click-hover"
      openDelay={60}
      closeDelay={150}
      position="bottom-start"
      keepMounted
      withinPortal
      shadow="md"
      width={220}
    >
      <MantineMenu.Target>
        <UnstyledButton
          className={classes.entry}
          data-active={active.has(item.id) || undefined}
          data-compact={compact || undefined}
          aria-label={compact ? item.label : undefined}
          data-testid={`menu-header-${item.id}`}
          data-menu-entry=""
          data-menu-id={item.id}
          data-menu-link={item.link}
        >
          <MenuIcon id={item.id} />
          {compact ? null : <span>{item.label}</span>}
          <IconChevronDown size={14} stroke={1.8} aria-hidden="true" />
        </UnstyledButton>
      </MantineMenu.Target>
      <MantineMenu.Dropdown>
        <SubItems parent={item} active={active} />
      </MantineMenu.Dropdown>
    </MantineMenu>
  );
}

function SubItems({ parent, active }: { parent: MenuItem; active: Set<string> }) {
  return parent.subItems.map((sub) => (
    <MantineMenu.Item
      key={sub.id}
      component={Link}
      to={sub.link}
      leftSection={<MenuIcon id={sub.id} size={16} />}
      data-active={active.has(sub.id) || undefined}
      className={classes.item}
      data-testid={`menu-link-${sub.id}`}
      data-menu-id={sub.id}
      data-menu-link={sub.link}
      data-menu-parent={parent.id}
    >
      {sub.label}
    </MantineMenu.Item>
  ));
}

function MoreEntry({ items, active, compact }: { items: MenuItem[]; active: Set<string>; compact: boolean }) {
  return (
    <MantineMenu
      trigger="click-hover"
      openDelay={60}
      closeDelay={150}
      position="bottom-end"
      keepMounted
      withinPortal
      shadow="md"
      width={240}
    >
      <MantineMenu.Target>
        <UnstyledButton
          className={classes.entry}
          data-active={active.has(MORE_ID) || undefined}
          data-compact={compact || undefined}
          aria-label={compact ? MORE_LABEL : undefined}
          data-testid="menu-more"
          data-menu-entry=""
          data-menu-id={MORE_ID}
        >
          <MenuIcon id={MORE_ID} />
          {compact ? null : <span>{MORE_LABEL}</span>}
          <IconChevronDown size={14} stroke={1.8} aria-hidden="true" />
        </UnstyledButton>
      </MantineMenu.Target>
      <MantineMenu.Dropdown data-testid="menu-more-dropdown">
        {items.map((item, index) =>
          item.subItems.length > 0 ? (
            <Box
              key={item.id}
              data-menu-id={item.id}
              data-menu-link={item.link}
              data-menu-parent={MORE_ID}
              data-testid={`menu-header-${item.id}`}
            >
              {index > 0 ? <MantineMenu.Divider /> : null}
              <MantineMenu.Label>{item.label}</MantineMenu.Label>
              <SubItems parent={item} active={active} />
              {index < items.length - 1 ? <MantineMenu.Divider /> : null}
            </Box>
          ) : (
            <MantineMenu.Item
              key={item.id}
              component={Link}
              to={item.link}
              leftSection={<MenuIcon id={item.id} size={16} />}
              data-active={active.has(item.id) || undefined}
              className={classes.item}
              data-testid={`menu-link-${item.id}`}
              data-menu-id={item.id}
              data-menu-link={item.link}
              data-menu-parent={MORE_ID}
            >
              {item.label}
            </MantineMenu.Item>
          ),
        )}
      </MantineMenu.Dropdown>
    </MantineMenu>
  );
}
