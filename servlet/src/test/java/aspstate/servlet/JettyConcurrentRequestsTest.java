package aspstate.servlet;

import jakarta.servlet.DispatcherType;
import jakarta.servlet.Filter;
import jakarta.servlet.http.HttpServlet;
import java.util.EnumSet;
import java.util.List;
import org.eclipse.jetty.ee10.servlet.FilterHolder;
import org.eclipse.jetty.ee10.servlet.ServletContextHandler;
import org.eclipse.jetty.ee10.servlet.ServletHolder;
import org.eclipse.jetty.server.Server;
import org.eclipse.jetty.server.ServerConnector;

/** The filter's behaviour on a real embedded Jetty 12, which sends a redirect at once. */
class JettyConcurrentRequestsTest extends SessionFilterOnAContainerTest {
    private Server jetty;

    @Override
    int startContainer(List<Filter> filters, HttpServlet servlet) throws Exception {
        jetty = new Server();
        ServerConnector connector = new ServerConnector(jetty);
        connector.setHost("127.0.0.1");
        jetty.addConnector(connector);
        ServletContextHandler context = new ServletContextHandler();
        for (Filter filter : filters) {
            FilterHolder holder = new FilterHolder(filter);
            holder.setAsyncSupported(true);
            context.addFilter(holder, "/*", EnumSet.allOf(DispatcherType.class));
        }
        ServletHolder holder = new ServletHolder(servlet);
        holder.setAsyncSupported(true);
        context.addServlet(holder, "/*");
        jetty.setHandler(context);
        jetty.start();
        return connector.getLocalPort();
    }

    @Override
    void stopContainer() throws Exception {
        jetty.stop();
    }
}
