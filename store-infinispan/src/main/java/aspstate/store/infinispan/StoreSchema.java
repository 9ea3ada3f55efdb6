package aspstate.store.infinispan;

import aspstate.store.infinispan.schema.AppRegistrationAdapter;
import aspstate.store.infinispan.schema.CacheEntryAdapter;
import aspstate.store.infinispan.schema.SessionEntryAdapter;
import aspstate.store.infinispan.schema.SharePointStateItemAdapter;
import aspstate.store.infinispan.schema.SqlSessionItemAdapter;
import org.infinispan.protostream.GeneratedSchema;
import org.infinispan.protostream.annotations.ProtoSchema;
import org.infinispan.protostream.annotations.ProtoSyntax;

/**
 * Everything the store writes to disk and to other nodes, as a ProtoStream schema. The marshallers are generated at
 * compile time (StoreSchemaImpl), so values are never read with Java serialization and no class is loaded by a
 * name found in the data.
 */
@ProtoSchema(
        schemaPackageName = "aspstate",
        schemaFileName = "aspstate-store.proto",
        syntax = ProtoSyntax.PROTO2,
        includeClasses = {
            Stamped.class,
            SessionEntryAdapter.class,
            SqlSessionItemAdapter.class,
            AppRegistrationAdapter.class,
            SharePointStateItemAdapter.class,
            CacheEntryAdapter.class,
            NodeCounters.class,
            ClusterStopRequest.class,
            Tombstone.class,
            MetadataUpdate.class
        })
interface StoreSchema extends GeneratedSchema {}
