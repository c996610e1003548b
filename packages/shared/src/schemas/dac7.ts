/** GET /api/reports/dac7?year=YYYY (admin): the DAC7 report of one calendar year (rules/dac7.ts). */
import { z } from 'zod';
import { DAC7_FIRST_YEAR } from '../rules/dac7';
import { swedishDay } from '../rules/sales-overview';

export const DAC7_YEAR_MESSAGE = `Give the year as four digits, from ${DAC7_FIRST_YEAR} to this year.`;

/** The current year in Sweden, the last that may be reported (the report of a running year is partial). */
const currentSwedishYear = () => Number(swedishDay(new Date()).slice(0, 4));

export const dac7QuerySchema = z.object({
  year: z
    .string({ message: DAC7_YEAR_MESSAGE })
    .regex(/^\d{4}$/, DAC7_YEAR_MESSAGE)
    .transform(Number)
    .refine((year) => year >= DAC7_FIRST_YEAR && year <= currentSwedishYear(), DAC7_YEAR_MESSAGE),
});
export type Dac7Query = z.infer<typeof dac7QuerySchema>;
