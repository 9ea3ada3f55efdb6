package example.sharedsession;

import jakarta.servlet.http.HttpSession;
import org.springframework.boot.SpringApplication;
import org.springframework.boot.autoconfigure.SpringBootApplication;
import org.springframework.web.bind.annotation.GetMapping;
import org.springframework.web.bind.annotation.RestController;

/**
 * A Java page of an ASP.NET application: it counts visits in Session["counter"], the item the ASP.NET page
 * aspnet/Counter.aspx shows and counts too. The session lives on aspstate (application.properties), under ASP.NET's
 * cookie and key; the counter is an Int32 on both sides.
 */
@SpringBootApplication
@RestController
public class SharedSessionApplication {

    public static void main(String[] args) {
        SpringApplication.run(SharedSessionApplication.class, args);
    }

    @GetMapping(value = "/counter", produces = "text/plain")
    public String counter(HttpSession session) {
        Integer counter = (Integer) session.getAttribute("counter");
        int next = counter == null ? 1 : counter + 1;
        session.setAttribute("counter", next);
        return "Visits in this session (Java and ASP.NET pages together): " + next + "\n";
    }
}
