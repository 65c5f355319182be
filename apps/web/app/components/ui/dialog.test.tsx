import { useState } from 'react';
import { afterEach, describe, expect, it } from 'vitest';
import { cleanup, fireEvent, render, screen, waitFor } from '@testing-library/react';
import { Dialog } from './dialog';

function Opener() {
  const [open, setOpen] = useState(false);
  return (
    <>
      <button type="button" onClick={() => setOpen(true)}>
        Sil
      </button>
      <Dialog open={open} onOpenChange={setOpen} title="Emin misiniz?">
        <button type="button" onClick={() => setOpen(false)}>
          Vazgeç
        </button>
      </Dialog>
    </>
  );
}

function openFrom(name: string) {
  const opener = screen.getByRole('button', { name });
  opener.focus();
  fireEvent.click(opener);
  return opener;
}

describe('Dialog', () => {
  afterEach(cleanup);

  it('returns focus to the button that opened it after Escape', async () => {
    render(<Opener />);
    const opener = openFrom('Sil');
    const dialog = await screen.findByRole('dialog', { name: 'Emin misiniz?' });
    await waitFor(() => expect(dialog.contains(document.activeElement)).toBe(true));

    fireEvent.keyDown(document.activeElement!, { key: 'Escape' });

    await waitFor(() => expect(screen.queryByRole('dialog')).toBeNull());
    await waitFor(() => expect(document.activeElement).toBe(opener));
  });

  it('returns focus to the opener after the close button or a cancel button closes it', async () => {
    render(<Opener />);
    const opener = openFrom('Sil');
    fireEvent.click(await screen.findByRole('button', { name: 'Kapat' }));
    await waitFor(() => expect(document.activeElement).toBe(opener));

    openFrom('Sil');
    fireEvent.click(await screen.findByRole('button', { name: 'Vazgeç' }));
    await waitFor(() => expect(document.activeElement).toBe(opener));
  });
});
