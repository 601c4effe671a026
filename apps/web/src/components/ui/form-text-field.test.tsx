import { screen } from '@testing-library/react';
import { describe, expect, it } from 'vitest';
import { MESSAGES } from '@qrib/shared/messages';
import { renderScreen } from '../../testing/render.tsx';
import { FormTextField } from './form-text-field.tsx';

describe('the account forms’ text field', () => {
  it('shows a shared schema’s message in the reader’s language, tied to its input', async () => {
    renderScreen(<FormTextField label="Nom" error={{ type: 'custom', message: MESSAGES.invalidName }} />, { language: 'fr' });
    const input = await screen.findByRole('textbox', { name: 'Nom' });
    expect(input).toHaveAttribute('aria-invalid', 'true');
    expect(input).toHaveAccessibleDescription('Veuillez saisir un nom valide');
    expect(screen.queryByText(MESSAGES.invalidName)).not.toBeInTheDocument();
  });

  it('shows words already put in the reader’s language as they are, and nothing without an error', async () => {
    renderScreen(
      <>
        <FormTextField label="Téléphone" error={{ type: 'server', message: 'Ce numéro est déjà utilisé' }} />
        <FormTextField label="Courriel" />
      </>,
      { language: 'fr' },
    );
    expect(await screen.findByRole('textbox', { name: 'Téléphone' })).toHaveAccessibleDescription('Ce numéro est déjà utilisé');
    expect(screen.getByRole('textbox', { name: 'Courriel' })).not.toHaveAttribute('aria-invalid');
  });
});
