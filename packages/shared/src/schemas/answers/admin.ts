/** The admin's overview. */
import { z } from 'zod';

export const adminOverviewCountSchema = z
  .strictObject({
    key: z.string().describe("Names the count; the screen's text for it is keyed by this (e.g. 'openApplications')."),
    count: z.number().int(),
    href: z.string().describe("The admin screen that lists these, with its filter (e.g. '/userlist?shop=waiting')."),
  })
  .meta({
    id: 'AdminOverviewCount',
    description: "One count of the admin's overview: what is waiting, and the screen that lists it.",
  });

export const adminOverviewSchema = z
  .strictObject({
    today: z.string().describe("Today in Sweden, 'YYYY-MM-DD'."),
    todayOrders: z
      .strictObject({ orders: z.number().int(), sales: z.number() })
      .describe('Orders placed today, cancelled ones left out; sales are their totals in SEK.'),
    thisMonth: z
      .strictObject({ orders: z.number().int(), sales: z.number() })
      .describe('Orders placed this month, cancelled ones left out; sales are their totals in SEK.'),
    counts: z.array(adminOverviewCountSchema),
  })
  .meta({
    id: 'AdminOverview',
    description: 'GET /api/admin/overview: orders and sales today and this month (Stockholm days), and open work.',
  });
