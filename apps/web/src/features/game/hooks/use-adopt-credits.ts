import { useEffect, useRef } from 'react';
import type { TableHandle } from './use-table.ts';

/**
 * The server table's balance is the player's credit balance, which also moves outside the
 * table (a purchase, the daily bonus, an admin's credit): the page's profile hears of it first
 * (the purchase's answer, GET /api/me/stream). When the profile's credits move to a figure the
 * table does not show, the table is read again, so the table and the navigation bar show the
 * same balance and the chips are limited by it. Read once per change of the profile's figure:
 * a table answer that moved the credits itself leaves the two equal and reads nothing.
 */
export function useAdoptCredits(table: TableHandle, credits: number | undefined): void {
  const latest = useRef(table);
  useEffect(() => {
    latest.current = table;
  });
  useEffect(() => {
    const { snapshot, busy, refresh } = latest.current;
    if (credits === undefined || snapshot === null || busy || snapshot.state.balance === credits) return;
    refresh();
  }, [credits]);
}
