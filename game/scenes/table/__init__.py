"""The table's components (``docs/table-components.md``): the view (``scenes.table_view``)
subscribes to the session and draws; these objects do the rest, each with a small
interface, and reach a game's table only through its hooks (``hooks.TableHooks``)."""
