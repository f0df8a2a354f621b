// @vitest-environment jsdom
import { afterEach, describe, expect, it } from 'vitest';
import { cleanup, render, screen } from '@testing-library/react';
import { MemoryRouter } from 'react-router-dom';
import { FooterTabs } from '../../../src/ui/app/FooterTabs';
import { setViewportWidth } from '../../support/viewport';

function renderTabsAt(path: string) {
  return render(
    <MemoryRouter initialEntries={[path]}>
      <FooterTabs />
    </MemoryRouter>,
  );
}

const tabNames = () => screen.getAllByRole('link').map((link) => link.textContent);

describe('FooterTabs', () => {
  afterEach(cleanup);

  it('offers Home, Activities and More on a phone', () => {
    setViewportWidth(360);
    renderTabsAt('/dashboard');
    expect(tabNames()).toEqual(['Home', 'Activities', 'More']);
    expect(screen.getByRole('link', { name: 'More' }).getAttribute('href')).toBe('/more');
  });

  it('offers Home, Activities and Profile on a desktop', () => {
    setViewportWidth(1280);
    renderTabsAt('/dashboard');
    expect(tabNames()).toEqual(['Home', 'Activities', 'Profile']);
    expect(screen.getByRole('link', { name: 'Profile' }).getAttribute('href')).toBe('/profile');
  });

  it('marks the tab of the current page, and only that one', () => {
    setViewportWidth(360);
    renderTabsAt('/activities');
    expect(screen.getByRole('link', { name: 'Activities' }).getAttribute('aria-current')).toBe('page');
    expect(screen.getByRole('link', { name: 'Home' }).getAttribute('aria-current')).toBeNull();
    expect(screen.getByRole('navigation', { name: 'Main' })).toBeTruthy();
  });
});
