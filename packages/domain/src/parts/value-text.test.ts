import { describe, expect, it } from 'vitest';
import { rubyFloat } from './ruby-float';
import { parseValueText } from './value-text';

describe('parseValueText', () => {
  it.each([
    ['4700', '4700.0'],
    ['4.7k', '4700.0'],
    ['4.7 k', '4700.0'],
    ['4k7', '4700.0'],
    ['4K7', '4700.0'],
    ['4.7K', '4700.0'],
    ['10', '10.0'],
    ['0.5', '0.5'],
    ['.5', '0.5'],
    ['-5', '-5.0'],
    ['100n', '1.0e-07'],
    ['100 nF', '1.0e-07'],
    ['47pF', '4.7e-11'],
    ['47 p', '4.7e-11'],
    ['4p7', '4.7e-12'],
    ['2.2u', '2.2e-06'],
    ['2.2 µH', '2.2e-06'],
    ['2.2μH', '2.2e-06'],
    ['10m', '0.01'],
    ['250 mW', '0.25'],
    ['1M', '1000000.0'],
    ['1 MΩ', '1000000.0'],
    ['2.4 GHz', '2400000000.0'],
    ['1T', '1000000000000.0'],
    ['10 F', '10.0'],
    ['10Ω', '10.0'],
    ['10 Ω', '10.0'],
    ['10 ohm', '10.0'],
    ['2R2', '2.2'],
    ['1e3', '1000.0'],
    ['1.5e-3 F', '0.0015'],
    ['  33k  ', '33000.0'],
    ['10 OHMS', '10.0'],
    ['1 mm', '0.001'],
    ['3.3 kVA', '3300.0'],
  ])('reads %j as %s', (text, value) => {
    const parsed = parseValueText(text);
    expect(parsed).not.toBeNull();
    expect(rubyFloat(parsed as number)).toBe(value);
  });

  it('reads -0 as zero', () => {
    expect(Object.is(parseValueText('-0'), 0)).toBe(true);
  });

  it('scales exactly, giving the double nearest the written value', () => {
    expect(parseValueText('4.7p')).toBe(4.7e-12);
    expect(parseValueText('0.1u')).toBe(1e-7);
    expect(parseValueText('3.3n')).toBe(3.3e-9);
  });

  const unreadable = ['', '   ', 'k', 'abc', '4,7k', '4.7.1', '4k7k', '1 2', '4.7 k k', '--1', '1e', '0x10', '4kk'];
  it.each([...unreadable, '1e999', '∞', '5 #', '5 %', '100 ppm/°C', '10 Ohmz', '1 kk'])('refuses %j', (text) => {
    expect(parseValueText(text)).toBeNull();
  });
});
