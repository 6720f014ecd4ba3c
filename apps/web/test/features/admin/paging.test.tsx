import { fireEvent, render, screen } from '@testing-library/react';
import { describe, expect, it, vi } from 'vitest';
import { LoadMore, OffsetPager } from '@/features/admin/components/list-paging.tsx';

describe('OffsetPager: the users and payments lists page by offset', () => {
  it('shows the rows on screen and steps a page back and forth', () => {
    const onOffset = vi.fn();
    render(<OffsetPager offset={25} pageSize={25} total={80} shown={25} onOffset={onOffset} />);
    expect(screen.getByText('26–50 of 80')).toBeTruthy();
    fireEvent.click(screen.getByRole('button', { name: 'Previous' }));
    fireEvent.click(screen.getByRole('button', { name: 'Next' }));
    expect(onOffset.mock.calls).toEqual([[0], [50]]);
  });

  it('turns Previous off on the first page and Next off on the last', () => {
    const { rerender } = render(<OffsetPager offset={0} pageSize={25} total={30} onOffset={() => {}} />);
    const previous = () => screen.getByRole<HTMLButtonElement>('button', { name: 'Previous' });
    const next = () => screen.getByRole<HTMLButtonElement>('button', { name: 'Next' });
    expect([previous().disabled, next().disabled]).toEqual([true, false]);
    expect(screen.queryByText(/ of 30/)).toBeNull();
    rerender(<OffsetPager offset={25} pageSize={25} total={30} onOffset={() => {}} />);
    expect([previous().disabled, next().disabled]).toEqual([false, true]);
  });
});

describe('LoadMore: the audit log and the ledger read on by cursor', () => {
  it('is absent once the last page is in, busy while a page loads, and asks for the next', () => {
    const fetchNextPage = vi.fn(() => Promise.resolve());
    const { rerender } = render(
      <LoadMore query={{ hasNextPage: false, isFetchingNextPage: false, fetchNextPage }} />,
    );
    expect(screen.queryByRole('button')).toBeNull();
    rerender(<LoadMore query={{ hasNextPage: true, isFetchingNextPage: true, fetchNextPage }} />);
    expect(screen.getByRole<HTMLButtonElement>('button', { name: 'Loading...' }).disabled).toBe(true);
    rerender(<LoadMore query={{ hasNextPage: true, isFetchingNextPage: false, fetchNextPage }} />);
    fireEvent.click(screen.getByRole('button', { name: 'Load more' }));
    expect(fetchNextPage).toHaveBeenCalledTimes(1);
  });
});
