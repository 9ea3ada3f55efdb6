package aspstate.tds;

import aspstate.core.corecache.CacheEntry;
import aspstate.core.spstate.SharePointStateItem;
import aspstate.core.sqlstate.AppRegistration;
import aspstate.core.sqlstate.SqlSessionItem;
import aspstate.core.store.SessionStore;
import aspstate.tds.corecache.CoreCacheStatements;
import aspstate.tds.proc.ProcedureCatalog;
import aspstate.tds.spstate.SharePointCatalog;
import aspstate.tds.sqlstate.AspStateCatalog;
import aspstate.tds.sqlstate.AsyncProviderCatalog;
import aspstate.tds.sqlstate.AsyncProviderStatements;
import aspstate.tds.statement.StatementCatalog;

/**
 * Everything the TDS listener serves, over the stores that keep it: ASP.NET's SQL Server mode (the ASPState
 * procedures, and Microsoft's async provider in every repositoryType), SharePoint's State Service, and ASP.NET Core's
 * distributed SQL Server cache.
 *
 * @param procedures the procedures clients call by name
 * @param statements the statements recognized by their shape
 */
public record ServedCatalogs(ProcedureCatalog procedures, StatementCatalog statements) {
    /**
     * @param sessions        ASPState's session rows, and those of the async provider's own tables
     * @param appIds          the application ids of TempGetAppID
     * @param sharePointItems SharePoint's items
     * @param cacheEntries    the rows of ASP.NET Core's cache tables
     */
    public static ServedCatalogs create(
            SessionStore<SqlSessionItem> sessions,
            SessionStore<AppRegistration> appIds,
            SessionStore<SharePointStateItem> sharePointItems,
            SessionStore<CacheEntry> cacheEntries) {
        ProcedureCatalog procedures = ProcedureCatalog.combine(
                ProcedureCatalog.combine(
                        AspStateCatalog.create(sessions, appIds), AsyncProviderCatalog.create(sessions)),
                SharePointCatalog.create(sharePointItems));
        return new ServedCatalogs(
                procedures,
                StatementCatalog.combine(
                        AsyncProviderStatements.create(procedures), CoreCacheStatements.create(cacheEntries)));
    }
}
