/**
 * Every inventory unit operation answers where the unit is, which SPEC 4.2 shows only to holders
 * of "Can view inventory"; so each needs it (docs/decisions.md, "Inventory units").
 */
export const INVENTORY_PERMISSION = 'view_inventory' as const;
