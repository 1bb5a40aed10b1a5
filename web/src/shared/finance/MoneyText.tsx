import { Text, type TextProps } from '@mantine/core';
import { formatMoney, money } from '@rayworks/contracts';
import type { CurrencyCode } from '@rayworks/validation';

interface Props extends TextProps {
  /** Whole minor units (decision 0079); may be below zero (a net, a difference). */
  minor: number;
  currency: CurrencyCode;
  testId?: string;
}

/** An amount of money as the finance screens show it: formatMoney of libs/contracts (en-IN), digits aligned. */
export function MoneyText({ minor, currency, testId, style, ...text }: Props) {
  return (
    <Text
      component="span"
      size="sm"
      {...text}
      data-testid={testId}
      data-minor={minor}
      style={{ fontVariantNumeric: 'tabular-nums', whiteSpace: 'nowrap', ...(style as object) }}
    >
      {formatMoney(money(minor, currency))}
    </Text>
  );
}
