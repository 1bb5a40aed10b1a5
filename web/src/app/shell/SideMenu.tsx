import { Box, Menu as MantineMenu, NavLink, ScrollArea, Stack, Tooltip, UnstyledButton } from '@mantine/core';
import { MORE_LABEL, type Menu, type MenuItem } from '@rayworks/contracts';
import { Link } from 'react-router-dom';
import { MenuIcon } from './menu-icons';
import { MORE_ID } from './menu-state';
import classes from './SideMenu.module.css';

interface Props {
  menu: Menu;
  active: Set<string>;
  /** Icons with tooltips (viewport between 767 and 1025 px). */
  narrow: boolean;
  /** 'vertical' for the sidebar layout; 'mobile' for the panel the burger opens below 767 px. */
  variant: 'vertical' | 'mobile';
  onNavigate?: () => void;
}

/** The side menu: 7 entries then More (spec §2); Finance and Master Config as headers with their sub-items. */
export function SideMenu({ menu, active, narrow, variant, onNavigate }: Props) {
  const entries = [...menu.items];
  return (
    <ScrollArea type="hover" scrollbarSize={6} h="100%">
      <Stack
        component="nav"
        aria-label="Main menu"
        gap={2}
        p={narrow ? 8 : 'sm'}
        data-testid={variant === 'mobile' ? 'mobile-menu' : 'main-menu'}
        data-layout={variant}
        data-narrow={narrow || undefined}
      >
        {entries.map((item) =>
          narrow ? (
            <NarrowEntry key={item.id} item={item} active={active} onNavigate={onNavigate} />
          ) : (
            <FullEntry key={item.id} item={item} active={active} onNavigate={onNavigate} />
          ),
        )}
        {menu.more.length > 0 ? (
          narrow ? (
            <NarrowEntry
              item={{
                id: MORE_ID,
                label: MORE_LABEL,
                link: '/#',
                sortBy: 0,
                create: false,
                view: true,
                edit: false,
                isactive: false,
                subItems: menu.more,
              }}
              active={active}
              onNavigate={onNavigate}
              isMore
            />
          ) : (
            <NavLink
              label={MORE_LABEL}
              leftSection={<MenuIcon id={MORE_ID} />}
              defaultOpened={active.has(MORE_ID)}
              active={active.has(MORE_ID) && false}
              className={classes.link}
              data-testid="menu-more"
              data-menu-entry=""
              data-menu-id={MORE_ID}
              childrenOffset={12}
            >
              {menu.more.map((item) => (
                <FullEntry key={item.id} item={item} active={active} parent={MORE_ID} onNavigate={onNavigate} />
              ))}
            </NavLink>
          )
        ) : null}
      </Stack>
    </ScrollArea>
  );
}

function FullEntry({
  item,
  active,
  parent,
  onNavigate,
}: {
  item: MenuItem;
  active: Set<string>;
  parent?: string;
  onNavigate?: () => void;
}) {
  const parentProps = parent ? { 'data-menu-parent': parent } : { 'data-menu-entry': '' };
  if (item.subItems.length > 0) {
    return (
      <NavLink
        label={item.label}
        leftSection={<MenuIcon id={item.id} />}
        defaultOpened={active.has(item.id)}
        className={classes.link}
        data-testid={`menu-header-${item.id}`}
        data-menu-id={item.id}
        data-menu-link={item.link}
        childrenOffset={12}
        {...parentProps}
      >
        {item.subItems.map((sub) => (
          <NavLink
            key={sub.id}
            component={Link}
            to={sub.link}
            label={sub.label}
            leftSection={<MenuIcon id={sub.id} size={16} />}
            active={active.has(sub.id)}
            onClick={onNavigate}
            className={classes.link}
            data-testid={`menu-link-${sub.id}`}
            data-menu-id={sub.id}
            data-menu-link={sub.link}
            data-menu-parent={item.id}
          />
        ))}
      </NavLink>
    );
  }
  return (
    <NavLink
      component={Link}
      to={item.link}
      label={item.label}
      leftSection={<MenuIcon id={item.id} />}
      active={active.has(item.id)}
      onClick={onNavigate}
      className={classes.link}
      data-testid={`menu-link-${item.id}`}
      data-menu-id={item.id}
      data-menu-link={item.link}
      {...parentProps}
    />
  );
}

/** Narrow sidebar: an icon with a tooltip; headers and More open their entries beside the bar. */
function NarrowEntry({
  item,
  active,
  onNavigate,
  isMore = false,
}: {
  item: MenuItem;
  active: Set<string>;
  onNavigate?: () => void;
  isMore?: boolean;
}) {
  const testId = isMore ? 'menu-more' : item.subItems.length > 0 ? `menu-header-${item.id}` : `menu-link-${item.id}`;
  if (item.subItems.length === 0) {
    return (
      <Tooltip label={item.label} position="right" withArrow openDelay={150}>
        <UnstyledButton
          component={Link}
          to={item.link}
          onClick={onNavigate}
          className={classes.icon}
          data-active={active.has(item.id) || undefined}
          aria-label={item.label}
          data-testid={testId}
          data-menu-entry=""
          data-menu-id={item.id}
          data-menu-link={item.link}
        >
          <MenuIcon id={item.id} size={20} />
        </UnstyledButton>
      </Tooltip>
    );
  }
  return (
    <MantineMenu
      trigger="click-hover"
      position="right-start"
      offset={10}
      keepMounted
      withinPortal
      shadow="md"
      width={230}
    >
      <MantineMenu.Target>
        <Tooltip label={item.label} position="right" withArrow openDelay={150}>
          <UnstyledButton
            className={classes.icon}
            data-active={active.has(item.id) || undefined}
            aria-label={item.label}
            data-testid={testId}
            data-menu-entry=""
            data-menu-id={item.id}
            data-menu-link={item.link}
          >
            <MenuIcon id={item.id} size={20} />
          </UnstyledButton>
        </Tooltip>
      </MantineMenu.Target>
      <MantineMenu.Dropdown>
        {item.subItems.map((sub) =>
          sub.subItems.length > 0 ? (
            <Box
              key={sub.id}
              data-menu-id={sub.id}
              data-menu-link={sub.link}
              data-menu-parent={item.id}
              data-testid={`menu-header-${sub.id}`}
            >
              <MantineMenu.Label>{sub.label}</MantineMenu.Label>
              {sub.subItems.map((leaf) => (
                <MantineMenu.Item
                  key={leaf.id}
                  component={Link}
                  to={leaf.link}
                  onClick={onNavigate}
                  leftSection={<MenuIcon id={leaf.id} size={16} />}
                  data-testid={`menu-link-${leaf.id}`}
                  data-menu-id={leaf.id}
                  data-menu-link={leaf.link}
                  data-menu-parent={sub.id}
                >
                  {leaf.label}
                </MantineMenu.Item>
              ))}
            </Box>
          ) : (
            <MantineMenu.Item
              key={sub.id}
              component={Link}
              to={sub.link}
              onClick={onNavigate}
              leftSection={<MenuIcon id={sub.id} size={16} />}
              data-testid={`menu-link-${sub.id}`}
              data-menu-id={sub.id}
              data-menu-link={sub.link}
              data-menu-parent={item.id}
            >
              {sub.label}
            </MantineMenu.Item>
          ),
        )}
      </MantineMenu.Dropdown>
    </MantineMenu>
  );
}
