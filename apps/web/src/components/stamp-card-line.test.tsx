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
    // Two shops' lines answered together: once the one with a card shows, the other's answer has come too.
    stubApi({
      'GET /api/v1/vendors/9/stamp-card': { body: { data: null } },
      'GET /api/v1/vendors/10/stamp-card': { body: { data: { stampsRequired: 5, rewardText: 'A ftira', expiresAfterDays: null, mine: null } } },
    });
    renderScreen(
      <>
        <StampCardLine vendorId={9} />
        <StampCardLine vendorId={10} />
      </>,
    );
    const shown = await screen.findAllByTestId('stamp-card-line');
    expect(shown).toHaveLength(1);
    expect(shown[0]).toHaveTextContent('0 of 5 stamps');
  });
});
