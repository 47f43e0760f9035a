import { act, fireEvent, render, screen } from '@testing-library/react';
import { useState } from 'react';
import { createMemoryRouter, RouterProvider } from 'react-router-dom';
import { describe, expect, it } from 'vitest';
import { KeepAliveOutlet } from '@/shell/KeepAliveOutlet';

function Counter({ name }: { name: string }): React.JSX.Element {
  const [n, setN] = useState(0);
  return (
    <button type="button" onClick={() => setN(n + 1)}>
      {name}:{n}
    </button>
  );
}

function setup() {
  const router = createMemoryRouter(
    [
      {
        path: '/',
        element: <KeepAliveOutlet isKeepAlive={(p) => p === '/kept'} />,
        children: [
          { path: 'kept', element: <Counter name="kept" /> },
          { path: 'plain', element: <Counter name="plain" /> },
          { path: 'other', element: <p>other</p> },
        ],
      },
    ],
    { initialEntries: ['/kept'] },
  );
  render(<RouterProvider router={router} />);
  return router;
}

describe('KeepAliveOutlet', () => {
  it('keeps a keepAlive route mounted with its state while the user is elsewhere', async () => {
    const router = setup();
    fireEvent.click(screen.getByText('kept:0'));
    fireEvent.click(screen.getByText('kept:1'));
    await act(() => router.navigate('/other'));
    expect(screen.getByText('other')).toBeTruthy();
    expect(screen.getByText('kept:2').closest('[data-keep-alive]')!.getAttribute('style')).toContain(
      'display: none',
    );
    await act(() => router.navigate('/kept'));
    expect(screen.getByText('kept:2')).toBeTruthy();
  });

  it('remounts other routes fresh', async () => {
    const router = setup();
    await act(() => router.navigate('/plain'));
    fireEvent.click(screen.getByText('plain:0'));
    await act(() => router.navigate('/other'));
    expect(screen.queryByText(/plain:/)).toBeNull();
    await act(() => router.navigate('/plain'));
    expect(screen.getByText('plain:0')).toBeTruthy();
  });
});
