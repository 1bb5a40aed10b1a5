import { describe, expect, it } from '@jest/globals';
import {
  CROSSHAIRS_TOOL,
  MPR_TOOLS,
  SLAB_CHOICES_MM,
  STACK_TOOLS,
  nearestSliceIndex,
  planeOfNormal,
  slabChoice,
  slabLabel,
  toolForMode,
  toolsFor,
} from './mpr';
import { keyOf } from '../components/shortcuts';

describe('MPR tools (issue 25 item 7)', () => {
  it('offers in MPR every tool of the stack view, plus the crosshairs', () => {
    expect(toolsFor(false)).toEqual(STACK_TOOLS);
    for (const tool of STACK_TOOLS) expect(toolsFor(true)).toContain(tool);
    expect(toolsFor(true)).toContain(CROSSHAIRS_TOOL);
    expect(toolsFor(false)).not.toContain(CROSSHAIRS_TOOL);
    expect(MPR_TOOLS).toHaveLength(STACK_TOOLS.length + 1);
  });

  it('keeps the reader’s tool across the switch, and leaves the crosshairs for window/level in the stack view', () => {
    expect(toolForMode('Length', true)).toBe('Length');
    expect(toolForMode('WindowLevel', true)).toBe('WindowLevel');
    expect(toolForMode('Crosshairs', true)).toBe('Crosshairs');
    expect(toolForMode('Crosshairs', false)).toBe('WindowLevel');
    expect(toolForMode('Angle', false)).toBe('Angle');
    expect(toolForMode('Nonsense', false)).toBe('WindowLevel');
  });

  it('gives the crosshairs a key of their own', () => {
    expect(keyOf({ tool: CROSSHAIRS_TOOL })).toBe('X');
  });
});

describe('slab MIP choices', () => {
  it('starts with off, then rising thicknesses', () => {
    expect(SLAB_CHOICES_MM[0]).toBe(0);
    const rest = SLAB_CHOICES_MM.slice(1);
    expect(rest.every((mm, i) => mm > 0 && (i === 0 || mm > rest[i - 1]!))).toBe(true);
  });

  it('labels and parses a choice; anything else is off', () => {
    expect(slabLabel(0)).toBe('Slab off');
    expect(slabLabel(10)).toBe('MIP 10 mm');
    expect(slabChoice('10')).toBe(10);
    expect(slabChoice(20)).toBe(20);
    expect(slabChoice('7')).toBe(0);
    expect(slabChoice('-5')).toBe(0);
    expect(slabChoice(undefined)).toBe(0);
  });
});

describe('planeOfNormal', () => {
  it('names the plane a view looks along (LPS)', () => {
    expect(planeOfNormal([0, 0, 1])).toBe('axial');
    expect(planeOfNormal([0, 0, -1])).toBe('axial');
    expect(planeOfNormal([1, 0, 0])).toBe('sagittal');
    expect(planeOfNormal([0, -1, 0])).toBe('coronal');
    expect(planeOfNormal([0, 0, 5])).toBe('axial');
  });
  it('calls a rotated plane oblique, and a missing normal too', () => {
    const r = (20 * Math.PI) / 180;
    expect(planeOfNormal([Math.sin(r), 0, Math.cos(r)])).toBe('oblique');
    expect(planeOfNormal(null)).toBe('oblique');
    expect(planeOfNormal([0, 0, 0])).toBe('oblique');
    expect(planeOfNormal([0, 1])).toBe('oblique');
  });
});

describe('nearestSliceIndex', () => {
  const axial = [1, 0, 0, 0, 1, 0];
  // slices 4 mm apart, feet to head, in index order
  const positions = [0, 1, 2, 3, 4].map((i) => [-100, -100, i * 4]);

  it('files a point at the acquired slice nearest along the normal', () => {
    expect(nearestSliceIndex(positions, axial, [10, 20, 0.5])).toBe(0);
    expect(nearestSliceIndex(positions, axial, [10, 20, 9.1])).toBe(2);
    expect(nearestSliceIndex(positions, axial, [0, 0, 100])).toBe(4);
    expect(nearestSliceIndex([...positions].reverse(), axial, [0, 0, 13])).toBe(1);
  });

  it('is null without geometry or a point', () => {
    expect(nearestSliceIndex(positions, [], [0, 0, 0])).toBeNull();
    expect(nearestSliceIndex(positions, axial, null)).toBeNull();
    expect(nearestSliceIndex([], axial, [0, 0, 0])).toBeNull();
  });
});
