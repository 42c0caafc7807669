import { Stack, Text, Title } from '@mantine/core';
import { type ReactNode, useEffect, useRef } from 'react';

/**
 * The heading of a sign-in step. It takes focus when the step appears, so a screen reader announces
 * the new step instead of staying on a button that no longer exists.
 */
export function StepHeading({ title, children }: { title: string; children?: ReactNode }) {
  const ref = useRef<HTMLHeadingElement>(null);
  useEffect(() => {
    ref.current?.focus();
  }, []);
  return (
    <Stack gap={4}>
      <Title ref={ref} order={1} size="h2" tabIndex={-1} style={{ outline: 'none' }}>
        {title}
      </Title>
      {typeof children === 'string' ? <Text c="dimmed">{children}</Text> : children}
    </Stack>
  );
}
