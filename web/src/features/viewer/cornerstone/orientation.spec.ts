import { describe, expect, it } from '@jest/globals';
import { scaleBar } from '../components/Overlay';
import { directionLetters, orientationMarkers } from './orientation';

describe('orientation markers', () => {
  it('names a direction by its strongest axes (LPS: +x left, +y posterior, +z superior)', () => {
    expect(directionLetters([1, 0, 0])).toBe('L');
    expect(directionLetters([0, -1, 0])).toBe('A');
    expect(directionLetters([0, 0, -1])).toBe('I');
    expect(directionLetters([0.8, -0.6, 0])).toBe('LA');
    expect(directionLetters([0, 0, 0])).toBe('');
  });

  it('an axial image as Cornerstone shows it: anterior up, the patient’s left on the right', () => {
    // axial IOP [1,0,0, 0,1,0]: viewUp = −column = anterior, the view plane normal into the screen (0,0,−1)
    expect(orientationMarkers([0, -1, 0], [0, 0, -1])).toEqual({ top: 'A', right: 'L', bottom: 'P', left: 'R' });
  });

  it('follows a horizontal flip (the normal turned), a vertical flip (the normal and up turned), a 90° rotation', () => {
    expect(orientationMarkers([0, -1, 0], [0, 0, 1])).toEqual({ top: 'A', right: 'R', bottom: 'P', left: 'L' });
    expect(orientationMarkers([0, 1, 0], [0, 0, 1])).toEqual({ top: 'P', right: 'L', bottom: 'A', left: 'R' });
    // rotated a quarter clockwise: the former left edge (R) is up, the former top (A) on the right
    expect(orientationMarkers([-1, 0, 0], [0, 0, -1])).toEqual({ top: 'R', right: 'A', bottom: 'L', left: 'P' });
  });

  it('a coronal image: head up, the patient’s left on the right', () => {
    // coronal IOP [1,0,0, 0,0,−1]: viewUp = −column = superior, the normal −(row × column) = (0,−1,0)
    expect(orientationMarkers([0, 0, 1], [0, -1, 0])).toEqual({ top: 'S', right: 'L', bottom: 'I', left: 'R' });
  });
});

describe('scale bar', () => {
  it('takes a round length of about 40–120 CSS pixels at the zoom', () => {
    expect(scaleBar(0.5)).toEqual({ mm: 20, px: 40 });
    expect(scaleBar(0.3)).toEqual({ mm: 20, px: 67 });
    expect(scaleBar(2)).toEqual({ mm: 100, px: 50 });
    expect(scaleBar(0)).toBeNull();
  });
});
