-- A wallet swap row also stores its served JSON as a template (`walletSwapTemplate` in core): the
-- row's text with holes for what may change after it is stored (token labels and decimals, the
-- USD rate). A page is its rows' templates with the holes filled, so a page read decodes no field
-- and builds no object per swap. Rows stored before this column are templated from their other
-- columns when read (null here).
alter table wallet_swaps add column row_template text;
