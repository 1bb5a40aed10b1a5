import { Button, Group, NativeSelect, NumberInput, Switch, Tooltip } from '@mantine/core';
import {
  IconAdjustments,
  IconAngle,
  IconArrowsVertical,
  IconContrast2,
  IconCrosshair,
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
import { keyOf, type ViewerCommand } from './shortcuts';

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
  return (
    <Group gap={6} p={6} wrap="wrap" style={{ borderBottom: '1px solid #333', background: '#1a1b1e' }}>
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
                leftSection={ToolIcon ? <ToolIcon size={14} aria-hidden /> : undefined}
                onClick={() => p.onTool(name)}
              >
                {TOOL_LABELS[name] ?? name}
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
        <Tooltip label={hint('Invert', { command: 'invert' })}>
          <Button
            {...small}
            data-testid="invert"
            aria-keyshortcuts={keyOf({ command: 'invert' })}
            leftSection={<IconContrast2 size={14} aria-hidden />}
            onClick={p.onInvert}
          >
            Invert
          </Button>
        </Tooltip>
        <Tooltip label={hint('Rotate 90°', { command: 'rotate' })}>
          <Button
            {...small}
            data-testid="rotate"
            aria-keyshortcuts={keyOf({ command: 'rotate' })}
            leftSection={<IconRotateClockwise size={14} aria-hidden />}
            onClick={p.onRotate}
          >
            Rotate 90°
          </Button>
        </Tooltip>
        <Tooltip label={hint('Flip H', { command: 'flip-h' })}>
          <Button
            {...small}
            data-testid="flip-h"
            aria-keyshortcuts={keyOf({ command: 'flip-h' })}
            leftSection={<IconFlipHorizontal size={14} aria-hidden />}
            onClick={() => p.onFlip('h')}
          >
            Flip H
          </Button>
        </Tooltip>
        <Tooltip label={hint('Flip V', { command: 'flip-v' })}>
          <Button
            {...small}
            data-testid="flip-v"
            aria-keyshortcuts={keyOf({ command: 'flip-v' })}
            leftSection={<IconFlipVertical size={14} aria-hidden />}
            onClick={() => p.onFlip('v')}
          >
            Flip V
          </Button>
        </Tooltip>
        <Tooltip label={hint('Reset', { command: 'reset' })}>
          <Button
            {...small}
            data-testid="reset"
            aria-keyshortcuts={keyOf({ command: 'reset' })}
            leftSection={<IconRefresh size={14} aria-hidden />}
            onClick={p.onReset}
          >
            Reset
          </Button>
        </Tooltip>
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
        {p.onSaveLayout && (
          <Tooltip label="The centre's studies of this modality and body part open in this layout">
            <Button
              {...small}
              data-testid="save-hanging"
              leftSection={<IconLayoutBoardSplit size={14} aria-hidden />}
              onClick={p.onSaveLayout}
            >
              {HANGING_MESSAGES.saveAction}
            </Button>
          </Tooltip>
        )}
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
        <Button {...small} data-testid="tags" onClick={p.onTags} leftSection={<IconTags size={14} aria-hidden />}>
          Tags
        </Button>
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
        <Tooltip label="Keyboard shortcuts (?)">
          <Button
            {...small}
            data-testid="shortcuts-open"
            aria-label="Keyboard shortcuts"
            aria-keyshortcuts="?"
            onClick={p.onShortcuts}
          >
            <IconKeyboard size={16} aria-hidden />
          </Button>
        </Tooltip>
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
