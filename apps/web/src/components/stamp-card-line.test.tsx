import { screen } from '@testing-library/react';
import { describe, expect, it } from 'vitest';
import { stubApi } from '../testing/api-stub.ts';
import { renderScreen } from '../testing/render.tsx';
import { StampCardLine } from './stamp-card-line.tsx';

describe('StampCardLine (issue 29 §2)', () => {
  it('says the shopper’s stamps of the number, the reward, and leads to the cards', async () => {
    stubApi({ 'GET /api/v1/vendors/9/stamp-card': { body: { data: { stampsRequired: 10, rewardText: 'A free coffee', expiresAfterDays: null, mine: { stamps: 2, provisionalStamps: 1 } } } } });
    renderScreen(<StampCardLine vendorId={9} />);
    const line = await screen.findByTestId('stamp-card-line');
    expect(line).toHaveTextContent('3 of 10 stamps');
    expect(line).toHaveTextContent('A free coffee after 10 stamps');
    expect(line).toHaveTextContent('1 waiting');
    expect(line).toHaveAttribute('href', '/stamp-cards');
  });

  it('shows nothing for a shop without a card', async () => {
    const api = stubApi({ 'GET /api/v1/vendors/9/stamp-card': { body: { data: null } } });
    renderScreen(<StampCardLine vendorId={9} />);
    await expect.poll(() => api.calls.length).toBe(1);
    expect(screen.queryByTestId('stamp-card-line')).not.toBeInTheDocument();
  });
});
