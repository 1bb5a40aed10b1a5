import { describe, expect, it } from '@jest/globals';
import { isTemplateMismatch, rankTemplates, templateMatchOf, type TemplateStudy } from './template-match.js';

const t = (name: string, modality: string | null, bodyPart: string | null) => ({ name, modality, bodyPart });
const TEMPLATES = [
  t('CT Brain (plain)', 'CT', 'BRAIN'),
  t('Chest X-ray', 'CR', 'CHEST'),
  t('CT Chest (HRCT)', 'CT', 'CHEST'),
  t('Free text', null, null),
  t('CT (any part)', 'CT', null),
  t('Chest (any modality)', null, 'CHEST'),
  t('MRI Knee', 'MR', 'KNEE'),
];
const chestCt: TemplateStudy = { modality: 'CT', bodyPart: 'CHEST', description: 'CT CHEST PLAIN' };

describe('templates follow the study (decision 0344)', () => {
  it("offers a chest CT the chest CT's templates first, then the others by how well they fit", () => {
    expect(rankTemplates(TEMPLATES, chestCt).map((x) => [x.name, x.match])).toEqual([
      ['CT Chest (HRCT)', 'exact'],
      ['Chest (any modality)', 'bodyPart'],
      ['CT (any part)', 'modality'],
      ['Free text', 'general'],
      ['CT Brain (plain)', 'otherBodyPart'],
      ['Chest X-ray', 'otherModality'],
      ['MRI Knee', 'otherModality'],
    ]);
  });

  it('reads the body part from the description when the header has none, synonyms included', () => {
    const study = { modality: 'CT', bodyPart: null, description: 'HRCT THORAX' };
    expect(templateMatchOf(t('', 'CT', 'CHEST'), study)).toBe('exact');
    expect(templateMatchOf(t('', 'CT', 'BRAIN'), study)).toBe('otherBodyPart');
    expect(templateMatchOf(t('', 'CT', 'BRAIN'), { modality: 'CT', bodyPart: 'HEAD', description: null })).toBe(
      'exact',
    );
    // a registered case's description is the registration's test
    expect(
      templateMatchOf(t('', 'CT', 'BRAIN'), { modality: 'CT', bodyPart: null, description: 'CT Brain (plain)' }),
    ).toBe('exact');
  });

  it('does not call a template wrong when the study names no body part', () => {
    const unknown = { modality: 'CT', bodyPart: null, description: 'Series 1' };
    expect(templateMatchOf(t('', 'CT', 'BRAIN'), unknown)).toBe('modality');
    expect(templateMatchOf(t('', null, 'BRAIN'), unknown)).toBe('general');
    expect(isTemplateMismatch(templateMatchOf(t('', 'CT', 'BRAIN'), unknown))).toBe(false);
  });

  it('counts every modality of the study, and warns only for another body part or modality', () => {
    const withSr = { modality: 'SR', modalities: ['SR', 'CT'], bodyPart: 'CHEST', description: null };
    expect(templateMatchOf(t('', 'CT', 'CHEST'), withSr)).toBe('exact');
    expect(isTemplateMismatch('otherBodyPart')).toBe(true);
    expect(isTemplateMismatch('otherModality')).toBe(true);
    expect(isTemplateMismatch('exact')).toBe(false);
    expect(isTemplateMismatch(null)).toBe(false);
  });
});
