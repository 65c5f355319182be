import { useState } from 'react';
import { afterEach, describe, expect, it } from 'vitest';
import { cleanup, fireEvent, render, screen, waitFor } from '@testing-library/react';
import { ImageLightbox } from './image-lightbox';

const IMAGES = [
  { url: '/a.jpg', alt: 'Ön görünüm' },
  { url: '/b.jpg', alt: 'Arka görünüm' },
];

function Gallery() {
  const [open, setOpen] = useState(false);
  const [index, setIndex] = useState(0);
  return (
    <>
      <button type="button" onClick={() => setOpen(true)}>
        Görseli büyüt
      </button>
      <ImageLightbox
        images={IMAGES}
        index={index}
        onIndexChange={setIndex}
        open={open}
        onOpenChange={setOpen}
        title="Telefon"
      />
    </>
  );
}

describe('ImageLightbox', () => {
  afterEach(cleanup);

  it('returns focus to the image button that opened it after Escape', async () => {
    render(<Gallery />);
    const opener = screen.getByRole('button', { name: 'Görseli büyüt' });
    opener.focus();
    fireEvent.click(opener);
    const dialog = await screen.findByRole('dialog', { name: 'Telefon' });
    await waitFor(() => expect(dialog.contains(document.activeElement)).toBe(true));

    fireEvent.keyDown(document.activeElement!, { key: 'Escape' });

    await waitFor(() => expect(screen.queryByRole('dialog')).toBeNull());
    await waitFor(() => expect(document.activeElement).toBe(opener));
  });
});
