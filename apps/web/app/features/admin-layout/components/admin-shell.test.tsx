import { describe, expect, it } from 'vitest';
import { fireEvent, screen } from '@testing-library/react';
import { isolateEachTest } from '~/test/isolation';
import { renderWithProviders } from '~/test/render-with-providers';
import { testUser } from '~/test/fixtures';
import { AdminShell } from './admin-shell';

isolateEachTest();

const renderShell = () =>
  renderWithProviders(
    <AdminShell user={testUser({ role: 'admin' })}>
      <h1>Panel</h1>
    </AdminShell>,
    { path: '/admin', queries: { enabled: false } },
  );

describe('AdminShell', () => {
  it('offers a link to the main content as the first Tab stop', () => {
    renderShell();
    const focusable = document.body.querySelectorAll('a[href], button, input, select');
    expect(focusable[0]).toBe(screen.getByRole('link', { name: 'İçeriğe geç' }));
    expect(focusable[0]?.getAttribute('href')).toBe('#main');
    expect(document.getElementById('main')?.tagName).toBe('MAIN');
  });

  it('closes the mobile menu on Escape and returns focus to its toggle', () => {
    renderShell();
    fireEvent.click(screen.getByRole('button', { name: 'Menüyü aç' }));
    expect(document.getElementById('admin-mobile-menu')).not.toBeNull();

    fireEvent.keyDown(document.activeElement ?? document.body, { key: 'Escape' });

    expect(document.getElementById('admin-mobile-menu')).toBeNull();
    expect(document.activeElement).toBe(screen.getByRole('button', { name: 'Menüyü aç' }));
  });
});
