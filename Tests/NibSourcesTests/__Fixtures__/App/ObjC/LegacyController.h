#import <UIKit/UIKit.h>

NS_ASSUME_NONNULL_BEGIN

/// Every Objective-C declaration form nibviz reads (fixture; never compiled here).
@interface LegacyController : UIViewController <UITableViewDelegate> {
    IBOutlet UILabel *ivarOutlet;
    NSString *plainIvar, *secondIvar;
}

@property (nonatomic, weak) IBOutlet UILabel *headerLabel;
@property (nonatomic, strong) IBOutletCollection(UIButton) NSArray *tabButtons;
@property (nonatomic, readonly) NSInteger count;
@property (nonatomic, copy, nullable) void (^completion)(BOOL finished);
@property (nonatomic) IBInspectable CGFloat radius NS_AVAILABLE_IOS(8_0);

- (IBAction)save:(id)sender;
- (IBAction)cancel:(id)sender forEvent:(UIEvent *)event;
- (void)reloadWithName:(NSString *)name animated:(BOOL)animated;
- (IBAction)settingsAction:(id)sender;
- (void)setURL:(NSURL *)url;
- (void)setTitleText:(NSString *)text;

@end

@interface LegacyController (Sharing)
- (IBAction)share:(id)sender;
@end

NS_ASSUME_NONNULL_END
