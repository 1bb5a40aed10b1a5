import { Button, Group, NumberInput, Switch, Tooltip } from '@mantine/core';
import { VOI_PRESETS } from '@rayworks/contracts';
import { PRIMARY_TOOLS } from '../cornerstone/engine';

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
  onTool(name: string): void;
  onPreset(center: number, width: number): void;
  onLayout(layout: Layout): void;
  onMpr(): void;
  onCine(): void;
  onCineFps(fps: number): void;
  onInvert(): void;
  onRotate(): void;
  onFlip(direction: 'h' | 'v'): void;
  onReset(): void;
  onTags(): void;
  onKeyImage(): void;
  onSync(synced: boolean): void;
  /** Shown at the toolbar's end (the report toggle). */
  extra?: React.ReactNode;
}

/** The reading tools (test ids of the shared interface: tool-<Name>, preset-<id>, layout-<n>, mpr, cine, ...). */
export function Toolbar(p: ToolbarProps) {
  const small = { size: 'compact-sm', variant: 'default' } as const;
  return (
    <Group gap={6} p={6} wrap="wrap" style={{ borderBottom: '1px solid #333', background: '#1a1b1e' }}>
      <Group gap={4}>
        {PRIMARY_TOOLS.map((name) => (
          <Button
            key={name}
            {...small}
            variant={p.tool === name ? 'filled' : 'default'}
            data-testid={`tool-${name}`}
            aria-pressed={p.tool === name}
            onClick={() => p.onTool(name)}
            disabled={p.mpr}
          >
            {TOOL_LABELS[name] ?? name}
          </Button>
        ))}
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
        <Button {...small} data-testid="invert" onClick={p.onInvert}>
          Invert
        </Button>
        <Button {...small} data-testid="rotate" onClick={p.onRotate}>
          Rotate 90°
        </Button>
        <Button {...small} data-testid="flip-h" onClick={() => p.onFlip('h')}>
          Flip H
        </Button>
        <Button {...small} data-testid="flip-v" onClick={() => p.onFlip('v')}>
          Flip V
        </Button>
        <Button {...small} data-testid="reset" onClick={p.onReset}>
          Reset
        </Button>
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
        <Button {...small} data-testid="tags" onClick={p.onTags}>
          Tags
        </Button>
        <Button {...small} data-testid="key-image" onClick={p.onKeyImage} disabled={p.mpr}>
          Key image
        </Button>
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
