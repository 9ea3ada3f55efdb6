package aspstate.servlet;

import jakarta.servlet.DispatcherType;
import jakarta.servlet.Filter;
import jakarta.servlet.http.HttpServlet;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.List;
import org.apache.catalina.Context;
import org.apache.catalina.Wrapper;
import org.apache.catalina.connector.Connector;
import org.apache.catalina.startup.Tomcat;
import org.apache.tomcat.util.descriptor.web.FilterDef;
import org.apache.tomcat.util.descriptor.web.FilterMap;

/** The filter's behaviour on a real embedded Tomcat 10.1, which sends a redirect only once the page ends. */
class TomcatConcurrentRequestsTest extends SessionFilterOnAContainerTest {
    private Tomcat tomcat;
    private Path baseDirectory;

    @Override
    int startContainer(List<Filter> filters, HttpServlet servlet) throws Exception {
        baseDirectory = Files.createTempDirectory("tomcat");
        tomcat = new Tomcat();
        tomcat.setBaseDir(baseDirectory.toString());
        Connector connector = new Connector();
        connector.setPort(0);
        connector.setProperty("address", "127.0.0.1");
        tomcat.getService().addConnector(connector);
        Context context = tomcat.addContext("", null);
        for (int i = 0; i < filters.size(); i++) {
            FilterDef definition = new FilterDef();
            definition.setFilterName("filter" + i);
            definition.setFilter(filters.get(i));
            definition.setAsyncSupported("true");
            context.addFilterDef(definition);
            FilterMap mapping = new FilterMap();
            mapping.setFilterName("filter" + i);
            mapping.addURLPattern("/*");
            for (DispatcherType dispatch : DispatcherType.values()) {
                mapping.setDispatcher(dispatch.name());
            }
            context.addFilterMap(mapping);
        }
        Wrapper wrapper = Tomcat.addServlet(context, "counter", servlet);
        wrapper.setAsyncSupported(true);
        context.addServletMappingDecoded("/*", "counter");
        tomcat.start();
        return connector.getLocalPort();
    }

    @Override
    void stopContainer() throws Exception {
        tomcat.stop();
        tomcat.destroy();
        try (var files = Files.walk(baseDirectory)) {
            files.sorted(java.util.Comparator.reverseOrder())
                    .forEach(file -> file.toFile().delete());
        }
    }
}
