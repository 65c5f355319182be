import { useState } from 'react';
import { afterEach, describe, expect, it } from 'vitest';
import { cleanup, fireEvent, render, screen } from '@testing-library/react';
import { fieldError, ListField } from './api-settings-fields';

afterEach(cleanup);

function Harness({ initial, error }: { initial: string[]; error?: string }) {
  const [value, setValue] = useState<string[]>(initial);
  return (
    <>
      <ListField id="settings-api-corsOrigins" name="corsOrigins" value={value} error={error} onChange={setValue} />
      <output data-testid="value">{JSON.stringify(value)}</output>
      <button type="button" onClick={() => setValue([])}>
        Sıfırla
      </button>
    </>
  );
}

const box = () => screen.getByLabelText('İzin verilen CORS kökenleri') as HTMLTextAreaElement;
const value = () => JSON.parse(screen.getByTestId('value').textContent ?? '[]') as string[];

describe('ListField', () => {
  it('edits one entry per line: trimmed, blank lines kept while typing but not in the setting', () => {
    render(<Harness initial={['https://a.example']} />);
    expect(box().value).toBe('https://a.example');
    fireEvent.change(box(), { target: { value: 'https://a.example\n' } });
    expect(box().value).toBe('https://a.example\n');
    expect(value()).toEqual(['https://a.example']);
    fireEvent.change(box(), { target: { value: 'https://a.example\n  https://b.example  \n\n' } });
    expect(value()).toEqual(['https://a.example', 'https://b.example']);
    fireEvent.click(screen.getByRole('button', { name: 'Sıfırla' }));
    expect(box().value).toBe('');
  });

  it('shows the Turkish help and the error, both tied to the field', () => {
    render(<Harness initial={[]} error="Hatalı köken" />);
    const described = box().getAttribute('aria-describedby') ?? '';
    expect(described.split(' ').map((id) => document.getElementById(id)?.textContent)).toEqual([
      expect.stringContaining('Boş liste: yalnızca bu site'),
      'Hatalı köken',
    ]);
    expect(box().getAttribute('aria-invalid')).toBe('true');
  });
});

describe('fieldError', () => {
  it('finds the error of a field or of one of its entries', () => {
    expect(fieldError({ 'api.corsOrigins.1': 'x' }, 'api.corsOrigins')).toBe('x');
    expect(fieldError({ 'api.rateLimitPerMinute': 'y' }, 'api.rateLimitPerMinute')).toBe('y');
    expect(fieldError({ 'api.corsOriginsX': 'z' }, 'api.corsOrigins')).toBeUndefined();
  });
});
