import { screen } from '@testing-library/react';
import { describe, expect, it } from 'vitest';
import { renderScreen } from '../testing/render.tsx';
import { RankingLink } from './ranking-link.tsx';

describe('RankingLink', () => {
  it("leads to 'How offers are ordered'", () => {
    renderScreen(<RankingLink />);
    expect(screen.getByRole('link', { name: 'How offers are ordered' })).toHaveAttribute('href', '/how-offers-are-ordered');
  });
});
