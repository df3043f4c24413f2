import { render, screen } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { describe, expect, it, vi } from 'vitest';
import { ConfirmDialog } from './confirm-dialog';

function renderDialog(busy = false) {
  const onConfirm = vi.fn();
  const onCancel = vi.fn();
  render(
    <ConfirmDialog title="¿Eliminar el chat?" description="Solo para ti." confirmLabel="Eliminar" cancelLabel="Cancelar" onConfirm={onConfirm} onCancel={onCancel} busy={busy} />,
  );
  return { onConfirm, onCancel };
}

describe('ConfirmDialog', () => {
  it('names what it asks, confirms with the danger button and cancels with the other or Escape', async () => {
    const user = userEvent.setup();
    const { onConfirm, onCancel } = renderDialog();
    const dialog = screen.getByRole('dialog', { name: '¿Eliminar el chat?' });
    expect(dialog).toHaveAccessibleDescription('Solo para ti.');
    expect(screen.getByRole('button', { name: 'Cancelar' })).toHaveFocus();

    await user.click(screen.getByRole('button', { name: 'Eliminar' }));
    expect(onConfirm).toHaveBeenCalledTimes(1);
    await user.click(screen.getByRole('button', { name: 'Cancelar' }));
    await user.keyboard('{Escape}');
    expect(onCancel).toHaveBeenCalledTimes(2);
  });

  it('waits while the action runs: no button, no Escape, no close', async () => {
    const user = userEvent.setup();
    const { onCancel } = renderDialog(true);
    expect(screen.getByRole('button', { name: 'Eliminar' })).toBeDisabled();
    expect(screen.getByRole('button', { name: 'Cancelar' })).toBeDisabled();
    await user.keyboard('{Escape}');
    await user.click(screen.getByRole('button', { name: 'Cerrar' }));
    expect(onCancel).not.toHaveBeenCalled();
  });
});
