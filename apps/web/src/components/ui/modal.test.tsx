import { render, screen, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { useState } from 'react';
import { describe, expect, it } from 'vitest';
import { Modal } from './modal.tsx';

function Page() {
  const [isOpen, setIsOpen] = useState(false);
  return (
    <>
      <button type="button" onClick={() => setIsOpen(true)}>
        Open
      </button>
      <button type="button">Behind</button>
      {isOpen ? (
        <Modal title="Report" closeLabel="Close" onClose={() => setIsOpen(false)}>
          <input aria-label="Reason" />
          <button type="button">Send</button>
        </Modal>
      ) : null}
    </>
  );
}

describe('a modal keeps the keyboard inside (use-modal-focus)', () => {
  it('focuses Close, cycles Tab and Shift+Tab inside, stops the page scrolling, and Escape gives focus back to the opener', async () => {
    const user = userEvent.setup();
    render(<Page />);
    await user.click(screen.getByRole('button', { name: 'Open' }));
    const close = within(screen.getByRole('dialog', { name: 'Report' })).getByRole('button', { name: 'Close' });
    expect(close).toHaveFocus();
    expect(document.body.style.overflow).toBe('hidden');

    await user.tab();
    expect(screen.getByRole('textbox', { name: 'Reason' })).toHaveFocus();
    await user.tab();
    expect(screen.getByRole('button', { name: 'Send' })).toHaveFocus();
    await user.tab();
    expect(close).toHaveFocus();
    await user.tab({ shift: true });
    expect(screen.getByRole('button', { name: 'Send' })).toHaveFocus();

    await user.keyboard('{Escape}');
    expect(screen.queryByRole('dialog')).not.toBeInTheDocument();
    expect(screen.getByRole('button', { name: 'Open' })).toHaveFocus();
    expect(document.body.style.overflow).toBe('');
  });
});
