import { Button, Group, Kbd, Menu, NativeSelect, NumberInput, Switch, Tooltip } from '@mantine/core';
import { useElementSize } from '@mantine/hooks';
import {
  IconAdjustments,
  IconAngle,
  IconArrowsVertical,
  IconContrast2,
  IconChevronDown,
  IconCrosshair,
  IconDots,
  IconFlipHorizontal,
  IconFlipVertical,
  IconFocus2,
  IconHandMove,
  IconKeyboard,
  IconLayoutBoardSplit,
  IconOvalVertical,
  IconRefresh,
  IconRotateClockwise,
  IconRuler2,
  IconSquare,
  IconStar,
  IconTags,
  IconZoomIn,
  type Icon,
} from '@tabler/icons-react';
import { HANGING_MESSAGES, VOI_PRESETS } from '@rayworks/contracts';
import { SLAB_CHOICES_MM, slabChoice, slabLabel, toolsFor } from '../cornerstone/mpr';
import { commandLabel, keyOf, type ViewerCommand } from './shortcuts';

export type Layout = '1x1' | '1x2' | '2x2';

const TOOL_LABELS: Record<string, string> = {
  WindowLevel: 'W/L',
  Pan: 'Pan',
  Zoom: 'Zoom',
  StackScroll: 'Scroll',
  Length: 'Length',
  Angle: 'Angle',
  EllipticalROI: 'Ellipse',
  RectangleROI: 'Rectangle',
  Probe: 'Probe',
  Crosshairs: 'Crosshairs',
};

const TOOL_ICONS: Record<string, Icon> = {
  WindowLevel: IconAdjustments,
  Pan: IconHandMove,
  Zoom: IconZoomIn,
  StackScroll: IconArrowsVertical,
  Length: IconRuler2,
  Angle: IconAngle,
  EllipticalROI: IconOvalVertical,
  RectangleROI: IconSquare,
  Probe: IconCrosshair,
  Crosshairs: IconFocus2,
};

/**
 * The toolbar's width (px) from which the tools show their names beside their icons. Below it they show the icon
 * alone: the toolbar is one row at 1440 px and at most two at 768 px (docs/decisions/0375).
 */
export const TOOL_NAMES_FROM_PX = 1600;

/** A hint with the key that does the same ("Length (L)"). */
const hint = (label: string, action: { tool: string } | { command: ViewerCommand }) => {
  const key = keyOf(action);
  return key ? `${label} (${key})` : label;
};

interface ToolbarProps {
  tool: string;
  layout: Layout;
  mpr: boolean;
  mprAvailable: boolean;
  cine: boolean;
  cineFps: number;
  synced: boolean;
  comparing: boolean;
  /** The slab MIP in MPR, millimetres (0: off). */
  slab: number;
  onTool(name: string): void;
  onPreset(center: number, width: number): void;
  onLayout(layout: Layout): void;
  onMpr(): void;
  onSlab(mm: number): void;
  onCine(): void;
  onCineFps(fps: number): void;
  onInvert(): void;
  onRotate(): void;
  onFlip(direction: 'h' | 'v'): void;
  onReset(): void;
  onTags(): void;
  onKeyImage(): void;
  onSync(synced: boolean): void;
  /** Opens the list of keyboard shortcuts (also `?`). */
  onShortcuts(): void;
  /** Saves the layout on screen as the centre's hanging protocol (only for who may: CENTERS › EDIT). */
  onSaveLayout?: () => void;
  /** Shown at the toolbar's end (the report toggle). */
  extra?: React.ReactNode;
}

/** The reading tools (test ids of the shared interface: tool-<Name>, preset-<id>, layout-<n>, mpr, cine, ...). */
export function Toolbar(p: ToolbarProps) {
  const small = { size: 'compact-sm', variant: 'default' } as const;
  const { ref, width } = useElementSize<HTMLDivElement>();
  // the tools' names show from a wide toolbar on; below it the icons, named by aria-label and the hint (0375)
  const named = width >= TOOL_NAMES_FROM_PX;
  return (
    <Group
      ref={ref}
      gap={6}
      p={6}
      wrap="wrap"
      data-testid="viewer-toolbar"
      data-named={named || undefined}
      style={{ borderBottom: '1px solid #333', background: '#1a1b1e' }}
    >
      <Group gap={4}>
        {toolsFor(p.mpr).map((name) => {
          const ToolIcon = TOOL_ICONS[name];
          const key = keyOf({ tool: name });
          return (
            <Tooltip key={name} label={hint(TOOL_LABELS[name] ?? name, { tool: name })}>
              <Button
                {...small}
                variant={p.tool === name ? 'filled' : 'default'}
                data-testid={`tool-${name}`}
                aria-pressed={p.tool === name}
                aria-keyshortcuts={key}
                aria-label={named ? undefined : (TOOL_LABELS[name] ?? name)}
                leftSection={named && ToolIcon ? <ToolIcon size={14} aria-hidden /> : undefined}
                onClick={() => p.onTool(name)}
              >
                {named || !ToolIcon ? (TOOL_LABELS[name] ?? name) : <ToolIcon size={16} aria-hidden />}
              </Button>
            </Tooltip>
          );
        })}
      </Group>
      <Group gap={4}>
        {VOI_PRESETS.map((preset) => (
          <Tooltip key={preset.id} label={`${preset.label}: ${preset.center}/${preset.width}`}>
            <Button
              {...small}
              data-testid={`preset-${preset.id}`}
              onClick={() => p.onPreset(preset.center, preset.width)}
            >
              {preset.label}
            </Button>
          </Tooltip>
        ))}
      </Group>
      <Group gap={4}>
        {(['1x1', '1x2', '2x2'] as const).map((l) => (
          <Button
            key={l}
            {...small}
            variant={!p.mpr && p.layout === l ? 'filled' : 'default'}
            data-testid={`layout-${l}`}
            onClick={() => p.onLayout(l)}
          >
            {l.replace('x', '×')}
          </Button>
        ))}
        <Button
          {...small}
          variant={p.mpr ? 'filled' : 'default'}
          data-testid="mpr"
          disabled={!p.mprAvailable && !p.mpr}
          onClick={p.onMpr}
        >
          {p.mpr ? 'Stack' : 'MPR'}
        </Button>
        {p.mpr && (
          <NativeSelect
            size="xs"
            w={116}
            aria-label="Slab MIP"
            data-testid="slab"
            value={String(p.slab)}
            onChange={(e) => p.onSlab(slabChoice(e.currentTarget.value))}
            data={SLAB_CHOICES_MM.map((mm) => ({ value: String(mm), label: slabLabel(mm) }))}
          />
        )}
      </Group>
      <Group gap={4}>
        <Button
          {...small}
          variant={p.cine ? 'filled' : 'default'}
          data-testid="cine"
          onClick={p.onCine}
          disabled={p.mpr}
        >
          {p.cine ? 'Stop' : 'Cine'}
        </Button>
        <NumberInput
          size="xs"
          w={70}
          min={1}
          max={60}
          value={p.cineFps}
          onChange={(v) => p.onCineFps(Number(v) || 1)}
          data-testid="cine-fps"
          aria-label="Frames per second"
          suffix=" fps"
        />
      </Group>
      <Group gap={4}>
        <Tooltip label={hint('Key image', { command: 'key-image' })}>
          <Button
            {...small}
            data-testid="key-image"
            aria-keyshortcuts={keyOf({ command: 'key-image' })}
            leftSection={<IconStar size={14} aria-hidden />}
            onClick={p.onKeyImage}
            disabled={p.mpr}
          >
            Key image
          </Button>
        </Tooltip>
        <MoreMenu {...p} />
        {p.comparing && (
          <Switch
            size="sm"
            checked={p.synced}
            onChange={(e) => p.onSync(e.currentTarget.checked)}
            label="Link"
            data-testid="sync-toggle"
            color="yellow"
            styles={{ label: { color: '#ddd' } }}
          />
        )}
      </Group>
      {p.extra && <Group ml="auto">{p.extra}</Group>}
    </Group>
  );
}

/** What "More" holds: the view commands used once a study or less, the tags, the centre's layout and the keys. */
interface MoreItem {
  id: string;
  label: string;
  icon: Icon;
  key?: string;
  run(): void;
}

/**
 * The toolbar's "More" menu (docs/decisions/0375): Invert, Rotate 90°, Flip horizontal, Flip vertical, Reset, Tags, the centre's
 * layout and the keyboard shortcuts. Mantine's Menu: the button has aria-haspopup / aria-expanded, Enter, Space and
 * the arrows open it and move through it, Escape closes it and gives the focus back. Each item keeps the test id
 * the button had and shows its key.
 */
function MoreMenu(p: ToolbarProps) {
  // a command is named and keyed as the shortcuts list names and keys it (one table: shortcuts.ts)
  const command = (id: ViewerCommand, icon: Icon, run: () => void): MoreItem => ({
    id,
    label: commandLabel(id),
    icon,
    key: keyOf({ command: id }),
    run,
  });
  const items: MoreItem[] = [
    command('invert', IconContrast2, p.onInvert),
    command('rotate', IconRotateClockwise, p.onRotate),
    command('flip-h', IconFlipHorizontal, () => p.onFlip('h')),
    command('flip-v', IconFlipVertical, () => p.onFlip('v')),
    command('reset', IconRefresh, p.onReset),
    { id: 'tags', label: 'Tags', icon: IconTags, run: p.onTags },
    ...(p.onSaveLayout
      ? [{ id: 'save-hanging', label: HANGING_MESSAGES.saveAction, icon: IconLayoutBoardSplit, run: p.onSaveLayout }]
      : []),
    { id: 'shortcuts-open', label: 'Keyboard shortcuts', icon: IconKeyboard, key: '?', run: p.onShortcuts },
  ];
  return (
    <Menu position="bottom-end" withinPortal shadow="md">
      <Menu.Target>
        <Button
          size="compact-sm"
          variant="default"
          data-testid="toolbar-more"
          aria-label="More tools"
          leftSection={<IconDots size={14} aria-hidden />}
          rightSection={<IconChevronDown size={12} aria-hidden />}
        >
          More
        </Button>
      </Menu.Target>
      <Menu.Dropdown data-testid="toolbar-more-menu">
        {items.map((item) => (
          <Menu.Item
            key={item.id}
            data-testid={item.id}
            aria-keyshortcuts={item.key}
            leftSection={<item.icon size={14} aria-hidden />}
            rightSection={item.key ? <Kbd size="xs">{item.key}</Kbd> : undefined}
            onClick={item.run}
          >
            {item.label}
          </Menu.Item>
        ))}
      </Menu.Dropdown>
    </Menu>
  );
}
